import { main } from './main';

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`statemint: ${(e as Error).stack ?? String(e)}\n`);
    process.exitCode = 1;
  },
);
