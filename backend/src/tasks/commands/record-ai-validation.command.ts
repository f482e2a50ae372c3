export class RecordAiValidationCommand {
  constructor(
    readonly submissionId: number,
    readonly result: Record<string, unknown>,
    readonly validatedBy: number | null,
    readonly durationMs: number,
  ) {}
}
