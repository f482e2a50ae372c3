import { AppConfig } from '../config/app-config';
import { ValidationThresholds } from './validation.types';

export function thresholdsOf(c: AppConfig): ValidationThresholds {
  return {
    autoApproveMinConfidence: c.VALIDATOR_AUTO_APPROVE_MIN_CONFIDENCE,
    approveMinQuality: c.VALIDATOR_APPROVE_MIN_QUALITY,
    nearDuplicateJaccard: c.VALIDATOR_NEAR_DUPLICATE_JACCARD,
    imageDhashMaxDistance: c.VALIDATOR_IMAGE_DHASH_MAX_DISTANCE,
    sybilWindowMinutes: c.VALIDATOR_SYBIL_WINDOW_MINUTES,
    sybilMinCluster: c.VALIDATOR_SYBIL_MIN_CLUSTER,
  };
}
