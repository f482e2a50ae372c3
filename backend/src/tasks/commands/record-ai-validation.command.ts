export class RecordAiValidationCommand {
  constructor(
    readonly submissionId: number,
    readonly result: Record<string, unknown>,
    readonly validatedBy: number | null,
    readonly durationMs: number,
    /** false: return once stored; the caller waits for the read models itself (the scheduler, once per source). */
    readonly waitForReadModels = true,
  ) {}
}
