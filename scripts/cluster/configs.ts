// The configuration files of the cluster's tools (docs/scale.md, step 3): etcd's flags, each Patroni member's YAML,
// HAProxy's and nginx's configuration. Every address is on 127.0.0.1; the ports come from one base (Ports).
import path from 'node:path';

export interface Ports {
  /** nginx: where visitors, owners and the demo reach the site. */
  nginx: number;
  servers: number[];
  /** HAProxy: the primary (writes), the standby when one is healthy, else the primary (the owner's reads). */
  primary: number;
  standby: number;
  etcdClient: number;
  etcdPeer: number;
  /** PostgreSQL and Patroni's REST API of each member. */
  postgres: number[];
  patroni: number[];
}

export function portsFrom(base: number): Ports {
  return {
    nginx: base,
    servers: [base + 1, base + 2, base + 3],
    primary: base + 10,
    standby: base + 11,
    etcdClient: base + 20,
    etcdPeer: base + 21,
    postgres: [base + 30, base + 31],
    patroni: [base + 40, base + 41],
  };
}

export interface Secrets {
  superuser: string;
  replicator: string;
  /** The server processes' role, owner of the `poptin` database. */
  app: string;
  ownerToken: string;
  consolePassword: string;
}

export function etcdArgs(dir: string, ports: Ports): string[] {
  const peer = `http://127.0.0.1:${ports.etcdPeer}`;
  const client = `http://127.0.0.1:${ports.etcdClient}`;
  return [
    '--name=etcd1',
    `--data-dir=${path.join(dir, 'etcd')}`,
    `--listen-client-urls=${client}`,
    `--advertise-client-urls=${client}`,
    `--listen-peer-urls=${peer}`,
    `--initial-advertise-peer-urls=${peer}`,
    `--initial-cluster=etcd1=${peer}`,
    '--initial-cluster-state=new',
    '--log-level=warn',
  ];
}

/**
 * One Patroni member. Synchronous mode: a commit (a lead) is acknowledged once it is on the standby's disk too
 * (synchronous_commit on), and only the synchronous standby may be promoted, so a failover loses no acknowledged
 * lead. Not strict: with the standby gone the primary goes on alone, rather than refusing every write.
 * ttl 10 s: a lost primary is replaced about 10 s after its last renewal of the leader key.
 */
export function patroniYaml(dir: string, member: number, ports: Ports, secrets: Secrets, binDir: string): string {
  const home = path.join(dir, `pg${member + 1}`);
  const json = (value: unknown) => JSON.stringify(value);
  return `scope: poptin
name: pg${member + 1}
log:
  level: INFO
  dir: ${json(home)}
  file_num: 2
restapi:
  listen: 127.0.0.1:${ports.patroni[member]}
  connect_address: 127.0.0.1:${ports.patroni[member]}
etcd3:
  hosts: 127.0.0.1:${ports.etcdClient}
bootstrap:
  dcs:
    ttl: 10
    loop_wait: 1
    retry_timeout: 4
    maximum_lag_on_failover: 1048576
    synchronous_mode: true
    synchronous_mode_strict: false
    postgresql:
      use_pg_rewind: true
      use_slots: true
      parameters:
        synchronous_commit: 'on'
        wal_level: replica
        hot_standby: 'on'
        hot_standby_feedback: 'on'
        wal_log_hints: 'on'
        max_wal_senders: 5
        max_replication_slots: 5
        max_connections: 200
        wal_keep_size: 256MB
  initdb:
    - encoding: UTF8
    - data-checksums
postgresql:
  listen: 127.0.0.1:${ports.postgres[member]}
  connect_address: 127.0.0.1:${ports.postgres[member]}
  data_dir: ${json(path.join(home, 'data'))}
  bin_dir: ${json(binDir)}
  pgpass: ${json(path.join(home, 'pgpass'))}
  remove_data_directory_on_rewind_failure: true
  authentication:
    superuser:
      username: postgres
      password: ${json(secrets.superuser)}
    replication:
      username: replicator
      password: ${json(secrets.replicator)}
  parameters:
    unix_socket_directories: ${json(home)}
  pg_hba:
    - local all all trust
    - host replication replicator 127.0.0.1/32 scram-sha-256
    - host all all 127.0.0.1/32 scram-sha-256
`;
}

/**
 * Two addresses for the server processes, each following Patroni's REST checks every second (every 250 ms while a member's state is changing): the primary, and the
 * owner's reads (the standby while it is healthy and less than 1 MB behind, else the primary). A member that
 * fails three checks in a row (a busy Patroni may answer late) has its connections cut, so a process whose primary became a standby reconnects at once.
 */
export function haproxyConfig(ports: Ports): string {
  const servers = (check: string) =>
    [
      // OPTIONS: Patroni answers the status alone, which is all HAProxy reads.
      `  option httpchk OPTIONS ${check}`,
      '  http-check expect status 200',
      ...ports.postgres.map(
        (port, member) => `  server pg${member + 1} 127.0.0.1:${port} check port ${ports.patroni[member]}`,
      ),
    ].join('\n');
  return `global
  maxconn 2000
defaults
  mode tcp
  timeout connect 2s
  timeout client 1h
  timeout server 1h
  timeout check 3s
  default-server inter 1s fastinter 250ms fall 3 rise 2 on-marked-down shutdown-sessions
frontend primary
  bind 127.0.0.1:${ports.primary}
  default_backend primary
frontend standby
  bind 127.0.0.1:${ports.standby}
  use_backend standby if { nbsrv(standby) gt 0 }
  default_backend primary
backend primary
${servers('/primary')}
backend standby
${servers('/replica?lag=1MB')}
`;
}

/**
 * nginx over the three processes. A process that refuses the connection or drops it before answering is skipped for
 * 2 s and the request tried on the next one, a POST too: every widget call that writes carries an idempotency key,
 * so a lead that was stored before its process died is answered the first one's id, not stored twice.
 */
export function nginxConfig(dir: string, ports: Ports): string {
  const home = path.join(dir, 'nginx');
  const upstreams = ports.servers.map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=2s;`).join('\n');
  return `worker_processes 1;
error_log ${home}/error.log warn;
pid ${home}/nginx.pid;
events { worker_connections 2048; }
http {
  access_log off;
  client_body_temp_path ${home}/body;
  proxy_temp_path ${home}/proxy;
  fastcgi_temp_path ${home}/fastcgi;
  uwsgi_temp_path ${home}/uwsgi;
  scgi_temp_path ${home}/scgi;
  client_max_body_size 20m;
  upstream poptin {
${upstreams}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${ports.nginx};
    location / {
      proxy_pass http://poptin;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_connect_timeout 1s;
      proxy_next_upstream error timeout non_idempotent;
      proxy_next_upstream_tries 3;
      proxy_buffering off;
    }
  }
}
`;
}
