import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { fingerprintImage } from './image-fingerprint';
import { normalizeLink } from './link-signals';
import { ProofImageSource } from './proof-image.source';
import { words } from './text-signals';
import { CoSubmitter, ImageEvidence, PeerProof, SubmissionUnderReview, ValidationEvidence } from './validation.types';

const PEER_LIMIT = 20;

/**
 * Gathers what the scorer compares a submission with, using indexes so it stays cheap with 100,000
 * submissions: near-duplicate text candidates by trigram similarity, same-link candidates by trigram
 * match on the link, images by content hash / perceptual hash distance, and the other submitters of the
 * same task with when their wallets were linked. The scorer makes the final call on every candidate.
 */
@Injectable()
export class EvidenceCollector {
  constructor(private readonly dataSource: DataSource, private readonly images: ProofImageSource) {}

  async collect(s: SubmissionUnderReview, imageDhashMaxDistance: number): Promise<ValidationEvidence> {
    const image = s.proofFileUrl ? await this.fingerprint(s.proofFileUrl) : null;
    const peers = new Map<number, PeerProof>();
    for (const p of [
      ...(await this.textPeers(s)),
      ...(await this.linkPeers(s)),
      ...(image?.readable ? await this.imagePeers(s, image, imageDhashMaxDistance) : []),
    ]) peers.set(p.submissionId, p);
    const [submitter] = await this.dataSource.query(
      `SELECT coalesce(wallet_linked_at, created_at) AS at FROM users WHERE id = $1`, [s.userId]);
    const co: Array<{ id: number; user_id: number; at: Date | null }> = await this.dataSource.query(
      `SELECT s.id, s.user_id, coalesce(u.wallet_linked_at, u.created_at) AS at
         FROM submissions s LEFT JOIN users u ON u.id = s.user_id
        WHERE s.task_id = $1 AND s.id <> $2`, [s.taskId, s.id]);
    const coSubmitters: CoSubmitter[] = co.map((r) => ({ submissionId: r.id, userId: r.user_id, walletLinkedAt: r.at }));
    return { image, peers: [...peers.values()], submitterWalletLinkedAt: submitter?.at ?? null, coSubmitters };
  }

  /** The image's fingerprint, computed once per file and cached. */
  async fingerprint(fileUrl: string): Promise<ImageEvidence> {
    const [cached] = await this.dataSource.query(`SELECT * FROM validation_image_fingerprints WHERE file_url = $1`, [fileUrl]);
    if (cached) {
      return {
        readable: cached.readable, error: cached.error ?? undefined, width: cached.width ?? undefined, height: cached.height ?? undefined,
        bytes: cached.bytes ?? undefined, sha256: cached.sha256 ?? undefined, dhash: cached.dhash ?? undefined, stdev: cached.stdev ?? undefined,
      };
    }
    const read = await this.images.read(fileUrl);
    const fp: ImageEvidence = 'bytes' in read ? await fingerprintImage(read.bytes) : { readable: false, error: read.error };
    // A missing file may still be uploaded later (or restored): only cache what was actually read.
    if ('bytes' in read) {
      await this.dataSource.query(
        `INSERT INTO validation_image_fingerprints (file_url, readable, error, width, height, bytes, sha256, dhash, stdev)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (file_url) DO NOTHING`,
        [fileUrl, fp.readable, fp.error ?? null, fp.width ?? null, fp.height ?? null, fp.bytes ?? null, fp.sha256 ?? null,
          fp.dhash ?? null, fp.stdev ?? null],
      );
    }
    return fp;
  }

  /** Fingerprints every proof image not fingerprinted yet (so image duplicates are found across all of them). */
  async backfillImageFingerprints(max = 1000): Promise<number> {
    const rows: Array<{ url: string }> = await this.dataSource.query(
      `SELECT DISTINCT s.proof_file_url AS url FROM submissions s
         LEFT JOIN validation_image_fingerprints f ON f.file_url = s.proof_file_url
        WHERE s.proof_file_url IS NOT NULL AND s.proof_file_url <> '' AND f.file_url IS NULL
        LIMIT $1`, [max]);
    for (const r of rows) await this.fingerprint(r.url);
    return rows.length;
  }

  private async textPeers(s: SubmissionUnderReview): Promise<PeerProof[]> {
    const text = (s.proofText ?? '').trim();
    if (words(text).length < 5) return [];
    // `%` uses the trigram index (similarity >= 0.3, pg_trgm's default); the scorer applies word-shingle Jaccard.
    const rows = await this.dataSource.query(
      `SELECT ${PEER_COLUMNS} FROM submissions s LEFT JOIN validation_image_fingerprints f ON f.file_url = s.proof_file_url
        WHERE s.proof_text % $1 AND s.id <> $2
        ORDER BY similarity(s.proof_text, $1) DESC, s.id LIMIT ${PEER_LIMIT}`, [text, s.id]);
    return rows.map(toPeer);
  }

  private async linkPeers(s: SubmissionUnderReview): Promise<PeerProof[]> {
    const norm = normalizeLink(s.proofLink);
    if (!norm || norm.length < 6) return [];
    // The normalized link minus its host is a substring of any equal link, whatever scheme/www/params it carries.
    const tail = norm.slice(norm.indexOf('/') >= 0 ? norm.indexOf('/') : 0).split('?')[0];
    const needle = tail.length >= 4 ? tail : norm;
    const rows = await this.dataSource.query(
      `SELECT ${PEER_COLUMNS} FROM submissions s LEFT JOIN validation_image_fingerprints f ON f.file_url = s.proof_file_url
        WHERE lower(s.proof_link) LIKE '%' || $1 || '%' AND s.id <> $2 ORDER BY s.id LIMIT 200`,
      [needle.replace(/[\\%_]/g, (c) => `\\${c}`), s.id]);
    return rows.map(toPeer).filter((p: PeerProof) => normalizeLink(p.proofLink) === norm).slice(0, PEER_LIMIT);
  }

  private async imagePeers(s: SubmissionUnderReview, img: ImageEvidence, maxDistance: number): Promise<PeerProof[]> {
    await this.backfillImageFingerprints();
    const rows = await this.dataSource.query(
      `SELECT ${PEER_COLUMNS} FROM validation_image_fingerprints f JOIN submissions s ON s.proof_file_url = f.file_url
        WHERE s.id <> $1 AND f.readable AND (f.sha256 = $2
           OR bit_count(('x' || f.dhash)::bit(64) # ('x' || $3)::bit(64)) <= $4)
        ORDER BY s.id LIMIT ${PEER_LIMIT}`, [s.id, img.sha256, img.dhash, maxDistance]);
    return rows.map(toPeer);
  }
}

const PEER_COLUMNS = `s.id, s.task_id, s.user_id, s.proof_text, s.proof_link, f.sha256, f.dhash`;

/** A row of PEER_COLUMNS. */
interface PeerRow {
  id: number;
  task_id: number;
  user_id: number;
  proof_text: string | null;
  proof_link: string | null;
  sha256?: string | null;
  dhash?: string | null;
}

function toPeer(r: PeerRow): PeerProof {
  return {
    submissionId: r.id, taskId: r.task_id, userId: r.user_id, proofText: r.proof_text, proofLink: r.proof_link,
    imageSha256: r.sha256 ?? null, imageDhash: r.dhash ?? null,
  };
}
