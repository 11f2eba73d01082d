import { serve } from './serve.js';

const USAGE = `Usage: node dist/main.js [serve | backup <folder> | restore <backup folder> [--force]]
  serve     run the server (default)
  backup    write a backup of DATA_DIR (embedded database, uploads, JWT secret) into <folder>
  restore   load a backup into DATA_DIR (the server must be stopped)`;

async function main(): Promise<void> {
  const [command = 'serve', ...args] = process.argv.slice(2);
  switch (command) {
    case 'serve':
      return serve(process.env);
    case 'help':
    case '--help':
    case '-h':
      console.log(USAGE);
      return;
    default:
      console.error(`Unknown command: ${command}\n${USAGE}`);
      process.exit(2);
  }
  void args;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
