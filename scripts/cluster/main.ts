// `npm run cluster`: the production layout on this machine (scripts/cluster/cluster.ts), in the foreground until
// Ctrl-C; `npm run cluster -- stop` stops one left running (from another terminal, or after this process was killed).
// CLUSTER_DIR (default .data/cluster) keeps its data across starts; CLUSTER_PORT (default 8780) is nginx's port, the
// others follow it (configs.ts).
import path from 'node:path';
import { DEMO_OWNER_EMAIL } from '../../server/owner/demo-owner.ts';
import { ROOT } from '../server-process.ts';
import { installMissing, startCluster, stopCluster } from './cluster.ts';

const dir = path.resolve(ROOT, process.env.CLUSTER_DIR || '.data/cluster');
const basePort = Number(process.env.CLUSTER_PORT || 8780);
const log = (line: string) => console.log(line);
const command = process.argv[2] ?? 'start';

if (command === 'stop') {
  await stopCluster(dir, log);
} else if (command === 'start') {
  installMissing(log);
  const cluster = await startCluster({ dir, basePort, log });
  const { ports, secrets, url } = cluster;
  console.log(
    [
      '',
      `poptin-elements on ${url}: nginx over 3 server processes, PostgreSQL primary + synchronous standby (Patroni, etcd)`,
      `  demo page:   ${url}/examples/lightbox.html`,
      `  console:     ${url}/console/`,
      `  sign in:     ${DEMO_OWNER_EMAIL} / ${secrets.consolePassword}`,
      `  owner token: ${secrets.ownerToken}`,
      `  PostgreSQL:  primary 127.0.0.1:${ports.primary}, owner reads 127.0.0.1:${ports.standby} (HAProxy); members :${ports.postgres.join(', :')}`,
      `  Patroni:     http://127.0.0.1:${ports.patroni[0]}/cluster  (patronictl -c ${path.join(dir, 'pg1', 'patroni.yml')} list)`,
      `  files, logs: ${dir}`,
      'Ctrl-C (or `npm run cluster -- stop`) stops everything it started.',
      '',
    ].join('\n'),
  );
  let stopping = false;
  const shutdown = () => {
    if (stopping) return;
    stopping = true;
    console.log('stopping…');
    cluster.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
} else {
  console.error(`npm run cluster [-- start | stop], not "${command}"`);
  process.exit(2);
}
