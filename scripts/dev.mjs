// Development: the API on :3000 restarting on change, and Vite on :5173 proxying /api to it.
// The server logs JSON lines, as in production; here pino-pretty makes them readable.
import { spawn } from 'node:child_process';
import pretty from 'pino-pretty';

const server = spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts'], {
  stdio: ['inherit', 'pipe', 'inherit'],
  env: { ...process.env, NODE_ENV: 'development', LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' },
});
server.stdout.pipe(pretty({ colorize: true, translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname' }));

const children = [server, spawn('npx', ['vite'], { stdio: 'inherit' })];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) =>
  c.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  }),
);
