import { scoreSubmission } from './heuristic-scorer';
import { SubmissionValidator, ValidationInput, ValidationOutcome, ValidationThresholds } from './validation.types';

/** The offline validator: the deterministic scorer alone. */
export class HeuristicValidator implements SubmissionValidator {
  constructor(private readonly thresholds: ValidationThresholds) {}

  async validate(input: ValidationInput): Promise<ValidationOutcome> {
    return scoreSubmission(input, this.thresholds);
  }
}
