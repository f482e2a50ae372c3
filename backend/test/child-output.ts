import { ChildProcess } from 'node:child_process';

/**
 * A child process's output (stdout and stderr together) as it comes, and a promise that resolves once it has
 * printed `ready`, or rejects when the child exits before that (`what` names it in the error, with its output).
 */
export function childOutput(child: ChildProcess, ready: string, what: string): { ready: Promise<void>; text: () => string } {
  let out = '';
  const started = new Promise<void>((resolve, reject) => {
    const onData = (c: Buffer) => {
      out += c.toString();
      if (out.includes(ready)) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${what} exited (${code}):\n${out}`)));
  });
  return { ready: started, text: () => out };
}
