// npm run admin:hash -- [password] [pepper]
// Prints the ADMIN_PASSWORD_HASH for a password, using the worker's own hashing code.
// The pepper comes from AUTH_PEPPER or the second argument; the password from the first
// argument or, better (it stays out of the shell history), a prompt.
import { createInterface } from "node:readline/promises";
import { adminPasswordProblem, hashPassword, verifyPassword } from "../worker/lib/password.ts";

async function prompt(question: string): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: false });
  process.stderr.write(question);
  try {
    for await (const line of rl) return line;
    return "";
  } finally {
    rl.close();
  }
}

const [passwordArg, pepperArg] = process.argv.slice(2);
const pepper = pepperArg ?? process.env.AUTH_PEPPER ?? "";
if (pepper.length < 16) {
  console.error("Give the pepper (at least 16 characters) as AUTH_PEPPER or the second argument.");
  process.exit(1);
}
const password = passwordArg ?? (await prompt("Password: "));
const problem = adminPasswordProblem(password);
if (problem) {
  console.error(problem);
  process.exit(1);
}
const hash = await hashPassword(password, pepper);
if (!(await verifyPassword(password, pepper, hash))) {
  console.error("The new hash does not verify; nothing printed.");
  process.exit(1);
}
console.log(hash);
