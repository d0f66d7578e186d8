// A request the logic refuses, with the status and message the API answers it with: the logic
// in worker/lib throws it without knowing HTTP's framework, and the app's error handler
// (worker/app.ts) answers it as { error, message }.
export class Refusal extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    message: string,
  ) {
    super(message);
    this.name = "Refusal";
  }
}
