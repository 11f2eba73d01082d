import { backupCommand, restoreCommand } from './dataDir/backupCommands.js';
import { ADMIN_USAGE, adminCommand } from './moderation/adminCommand.js';
import { serve } from './serve.js';

const USAGE = `Usage: node dist/main.js [serve [--wait-for-lock] | backup <folder> | restore <backup folder> [--force] | ${ADMIN_USAGE}]
  serve     run the server (default); --wait-for-lock waits up to 15 s for a server that is
            stopping on the same DATA_DIR instead of refusing at once (pnpm dev)
  backup    write a backup of DATA_DIR (embedded database, uploads, JWT secret) into <folder>,
            also while the server runs
  restore   load a backup into DATA_DIR (the server must be stopped); --force moves existing
            data aside into DATA_DIR/replaced-<time>/ instead of refusing
  admin     grant or revoke the moderator or staff role of an account (recorded in the audit
            log); with the embedded database the server must be stopped`;

async function main(): Promise<void> {
  const [command = 'serve', ...args] = process.argv.slice(2);
  switch (command) {
    case 'serve':
      return serve(process.env, args);
    case 'backup':
      return backupCommand(args, process.env);
    case 'restore':
      return restoreCommand(args, process.env);
    case 'admin':
      return adminCommand(args, process.env);
    case 'help':
    case '--help':
    case '-h':
      console.log(USAGE);
      return;
    default:
      console.error(`Unknown command: ${command}\n${USAGE}`);
      process.exit(2);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
