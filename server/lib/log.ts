/**
 * The shape of a log a module writes to: pino's logger has it, and so does a test's recorder.
 * A module that only reports failures asks for `ErrorLog`; one that only notes progress, `InfoLog`.
 */
export interface Log {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}
export type ErrorLog = Pick<Log, 'error'>;
export type InfoLog = Pick<Log, 'info'>;
