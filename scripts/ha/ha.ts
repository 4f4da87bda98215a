// npm run ha:up | npm run ha:down [-- --wipe] | npm run ha:status | npm run ha:restart
// The high-availability cluster on this machine (ADR 061, README "Production: high availability").
import { parseArgs } from 'node:util';
import { clusterMembers, describeUrls, haDown, haRestart, haUp } from './cluster';

/** What the command tells its operator, on standard output. */
const print = (text = ''): void => {
  process.stdout.write(`${text}\n`);
};

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { wipe: { type: 'boolean', default: false } },
});

async function main() {
  switch (positionals[0]) {
    case 'up': {
      try {
        const { members } = await haUp();
        print('\nThe cluster is up:');
        for (const m of members) print(`  ${m.name} ${m.role} (${m.state}) port ${m.port}`);
        print('');
        for (const line of describeUrls()) print(line);
        print('\nStop it with: npm run ha:down   (add -- --wipe to remove its data too)');
      } catch (err) {
        console.error(err instanceof Error ? err.message : err);
        console.error('\nstopping what started…');
        await haDown();
        process.exitCode = 1;
      }
      return;
    }
    case 'down':
      await haDown({ wipe: values.wipe });
      print('the cluster is stopped');
      return;
    case 'restart':
      // The app instances one by one, each drained first: what a deployment of a new version does.
      await haRestart();
      print('both app instances restarted');
      return;
    case 'status': {
      const members = await clusterMembers();
      if (!members) {
        print('no Patroni node answers: the cluster is not running');
        process.exitCode = 1;
        return;
      }
      for (const m of members)
        print(`${m.name} ${m.role} ${m.state} timeline ${m.timeline ?? '-'} lag ${m.lag ?? 0}`);
      return;
    }
    default:
      console.error('usage: tsx scripts/ha/ha.ts up | down [--wipe] | status | restart');
      process.exitCode = 2;
  }
}

void main();
