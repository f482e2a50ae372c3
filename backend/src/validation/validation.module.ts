import { Module } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { UploadsModule } from '../uploads';
import { EvidenceCollector } from './evidence-collector';
import { HeuristicValidator } from './heuristic.validator';
import { LlmValidator } from './llm.validator';
import { ProofImageSource } from './proof-image.source';
import { ValidationService } from './validation.service';
import { thresholdsOf } from './validation.thresholds';
import { SUBMISSION_VALIDATOR, SubmissionValidator } from './validation.types';

/** The deterministic scorer, plus an LLM's judgement when VALIDATOR_LLM_URL is configured. */
export function validatorFor(config: AppConfig): SubmissionValidator {
  const thresholds = thresholdsOf(config);
  const heuristic = new HeuristicValidator(thresholds);
  if (!config.VALIDATOR_LLM_URL) return heuristic;
  return new LlmValidator(heuristic, {
    url: config.VALIDATOR_LLM_URL,
    model: config.VALIDATOR_LLM_MODEL,
    apiKey: config.VALIDATOR_LLM_API_KEY,
    timeoutMs: config.VALIDATOR_LLM_TIMEOUT_MS,
  }, thresholds);
}

@Module({
  imports: [UploadsModule],
  providers: [
    { provide: SUBMISSION_VALIDATOR, inject: [APP_CONFIG], useFactory: validatorFor },
    ProofImageSource,
    EvidenceCollector,
    ValidationService,
  ],
  exports: [ValidationService],
})
export class ValidationModule {}
