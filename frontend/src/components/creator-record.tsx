import { Spinner, Text, type TextProps } from '@chakra-ui/react';
import { Fact, Facts } from '@/components/facts';
import { fullRecordLine, percent, recordLine, approxDuration, type CreatorRecordLine, type EarnerRecord } from '@/lib/creator-record';
import { useUserRecordQuery } from '@/lib/creator-record-api';
import { formatBaseUnits, formatCent } from '@/lib/money';

/** The task card's line: "Reviews in ~6 h · 92 % approved", or "New creator". */
export function CreatorRecordLineText({ line, ...props }: { line: CreatorRecordLine | null | undefined } & TextProps) {
  return (
    <Text fontSize="xs" color="gray.700" data-testid="creator-record-line" {...props}>
      {recordLine(line)}
    </Text>
  );
}

const share = (part: number, whole: number) => `${part} of ${whole}` + (whole > 0 ? ` (${percent(part, whole)})` : '');

/** Every figure of a creator's record (task detail, profile), fetched by user id. */
export function CreatorRecordFacts({ userId, label = "Creator's record" }: { userId: number; label?: string }) {
  const { data, isLoading, isError } = useUserRecordQuery(userId);
  if (isLoading) return <Spinner size="sm" aria-label="Loading the creator's record" />;
  if (isError || !data) return <Text fontSize="sm" color="red.700">The creator's record could not be loaded.</Text>;
  const r = data.asCreator;
  if (r.submissionsReviewed === 0) {
    return <Facts label={label}><Fact label="Record">New creator: no submission reviewed yet</Fact></Facts>;
  }
  return (
    <Facts label={label}>
      <Fact label="In short">{fullRecordLine(r)}</Fact>
      <Fact label="Submissions reviewed">{r.submissionsReviewed}</Fact>
      <Fact label="Median time to review">{r.medianReviewMs === null ? '—' : approxDuration(r.medianReviewMs)}</Fact>
      <Fact label="Reviewed before the deadline">{share(r.reviewedBeforeDeadline, r.submissionsReviewed)}</Fact>
      <Fact label="Approved">{share(r.approved, r.submissionsReviewed)}</Fact>
      <Fact label="Auto-approvals">{r.autoApprovals}</Fact>
      <Fact label="Appeals overturned">{r.appealsOverturned}</Fact>
      <Fact label="CENT paid">
        <span title={`${r.centPaidBaseUnits} base units`}>{formatBaseUnits(r.centPaidBaseUnits)} CENTS</span>
      </Fact>
    </Facts>
  );
}

/** A submitter's record as an earner (the review dialog). */
export function EarnerRecordFacts({ record, label = "Submitter's record" }: { record: EarnerRecord; label?: string }) {
  const decided = record.approved + record.rejected;
  return (
    <Facts label={label}>
      <Fact label="Submissions">{record.submissions}</Fact>
      <Fact label="Approval rate">{decided ? `${percent(record.approved, decided)} (${record.approved} of ${decided} decided)` : 'Nothing decided yet'}</Fact>
      <Fact label="Earned">{formatCent(record.earned)} CENTS</Fact>
    </Facts>
  );
}
