// A private Secret Service for an end-to-end test: a D-Bus session bus of its own with GNOME
// Keyring on it (unlocked, its files in a temporary folder), so the app under test stores a
// connection's secret in a real keyring and the user's own keyring is never touched. Its bus
// address goes into `process.env`, which the driver — and so the app — inherit when started
// afterwards.

import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';

function has(program) {
  try {
    execFileSync('sh', ['-c', `command -v ${program}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Starts the bus and the keyring; answers `{ env, stop }` (`env`: what a process on it needs). */
export async function startSecretService() {
  for (const program of ['dbus-daemon', 'dbus-send', 'gnome-keyring-daemon']) {
    if (!has(program)) throw new Error(`${program} is missing: scripts/setup.sh installs it (dbus-daemon, dbus-bin, gnome-keyring)`);
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cairn-e2e-keyring-'));
  const run = path.join(dir, 'run');
  mkdirSync(run, { mode: 0o700 });
  // A bus that starts nothing by itself: no service files, so the window's requests for a
  // desktop portal or an accessibility bus fail at once, as they do with no session bus at all.
  const config = path.join(dir, 'bus.conf');
  writeFileSync(config, `<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:path=${path.join(run, 'bus')}</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
`);
  const bus = spawn('dbus-daemon', [`--config-file=${config}`, '--nofork', '--print-address=1'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const address = await new Promise((resolve, reject) => {
    readline.createInterface({ input: bus.stdout }).once('line', (line) => resolve(line.trim()));
    bus.once('exit', (code) => reject(new Error(`dbus-daemon exited with ${code}`)));
  });
  const env = {
    DBUS_SESSION_BUS_ADDRESS: address,
    XDG_DATA_HOME: path.join(dir, 'data'),
    XDG_RUNTIME_DIR: run,
  };
  const keyring = spawn('gnome-keyring-daemon', ['--foreground', '--unlock', '--components=secrets'], {
    env: { ...process.env, ...env, HOME: path.join(dir, 'home') },
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  // The login keyring's password on stdin, then end of file.
  keyring.stdin.end('cairn-e2e-login');
  const deadline = Date.now() + 20_000;
  for (;;) {
    const reply = execFileSync(
      'dbus-send',
      ['--session', '--print-reply', '--dest=org.freedesktop.DBus', '/org/freedesktop/DBus', 'org.freedesktop.DBus.NameHasOwner', 'string:org.freedesktop.secrets'],
      { env: { ...process.env, ...env }, encoding: 'utf8' },
    );
    if (reply.includes('boolean true')) break;
    if (Date.now() > deadline) throw new Error('GNOME Keyring did not register on the test bus');
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    env,
    /** Where the keyring keeps its files. */
    keyringDir: path.join(dir, 'data', 'keyrings'),
    stop() {
      keyring.kill();
      bus.kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
