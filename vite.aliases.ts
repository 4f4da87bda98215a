import { fileURLToPath } from 'node:url';

const dir = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export const aliases = {
  '@domain': dir('./src/domain'),
  '@contracts': dir('./src/contracts'),
  '@web': dir('./src/web'),
  '@server': dir('./src/server'),
};
