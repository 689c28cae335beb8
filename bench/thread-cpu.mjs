// CPU per request of one serving process (all its threads) and of only the mariadbd threads that
// serve connections to DB (their TID from information_schema.PROCESSLIST, MariaDB 10.5+), read from
// /proc/*/task/*/schedstat (ns on CPU), over N sequential keep-alive requests after 100 to warm up.
// Other clients of a shared server do not count. Used for "Cheaper cold reads" in README.md.
// usage: DB=name node bench/thread-cpu.mjs URL [N=500] [SERVER_PID]
import { readFileSync, readdirSync } from 'node:fs';
import { execSync } from 'node:child_process';
import http from 'node:http';

const [url, nText, pidText] = process.argv.slice(2);
const n = Number(nText ?? 500);
const db = process.env.DB ?? 'bench_cpu';
const port = new URL(url).port;
const serverPid = pidText ?? execSync(`ss -ltnpH "sport = :${port}" | sed -n 's/.*pid=\\([0-9]*\\).*/\\1/p' | head -1`).toString().trim();
const dbPid = execSync(`ss -ltnpH "sport = :3306" | sed -n 's/.*pid=\\([0-9]*\\).*/\\1/p' | head -1`).toString().trim();

const runtime = (path) => { try { return Number(readFileSync(path, 'utf8').split(' ')[0]); } catch { return 0; } };
const processNs = (pid) => readdirSync(`/proc/${pid}/task`).reduce((sum, tid) => sum + runtime(`/proc/${pid}/task/${tid}/schedstat`), 0);
const dbTids = () => execSync(`mariadb -h127.0.0.1 -uroot -N -e "select TID from information_schema.processlist where DB='${db}' and ID <> connection_id()"`).toString().trim().split('\n').filter(Boolean);
const dbNs = (tids) => tids.reduce((sum, tid) => sum + runtime(`/proc/${dbPid}/task/${tid}/schedstat`), 0);

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const get = () => new Promise((resolve, reject) => {
  http.get(url, { agent }, (res) => { res.resume(); res.on('end', () => resolve(res.statusCode)); }).on('error', reject);
});

for (let i = 0; i < 100; i += 1) await get();
const tids = dbTids();
const s0 = processNs(serverPid), m0 = dbNs(tids), t0 = process.hrtime.bigint();
for (let i = 0; i < n; i += 1) {
  const status = await get();
  if (status !== 200) throw new Error(`status ${status}`);
}
const s1 = processNs(serverPid), m1 = dbNs(tids), t1 = process.hrtime.bigint();
const tids2 = dbTids();
const ms = (ns) => (ns / 1e6 / n).toFixed(3);
console.log(`${url.replace(/^http:\/\/[^/]+/, '')} n=${n} service ${ms(s1 - s0)} ms  mariadb ${ms(m1 - m0)} ms  total ${ms(s1 - s0 + m1 - m0)} ms CPU/request  wall ${(Number(t1 - t0) / 1e6 / n).toFixed(3)} ms  db threads ${tids.length}${tids2.length !== tids.length ? ` (then ${tids2.length})` : ''}`);
agent.destroy();
