// What the caption check's panel shows of a result: each rule's state, the issues to count, and
// the draft cut into pieces with the words at fault marked.
import type { CaptionFinding } from '../../../common/caption-check';

export type RuleState = 'ok' | 'error' | 'warning' | 'info';

/** How a finding is shown: the photo-or-video reminder is always a reminder, never a pass. */
export function ruleState(finding: CaptionFinding): RuleState {
  if (finding.rule === 'media_reminder') return 'info';
  return finding.ok ? 'ok' : finding.severity;
}

/** Rules to fix (errors) and rules to look at (warnings); reminders are not issues. */
export function issueCounts(findings: readonly CaptionFinding[]): { errors: number; warnings: number } {
  let errors = 0;
  let warnings = 0;
  for (const finding of findings) {
    const state = ruleState(finding);
    if (state === 'error') errors++;
    else if (state === 'warning') warnings++;
  }
  return { errors, warnings };
}

export interface TextPiece {
  text: string;
  /** The weightiest state of the failing rules whose matches cover this piece, if any. */
  tone?: Exclude<RuleState, 'ok'>;
}

const WEIGHT: Record<Exclude<RuleState, 'ok'>, number> = { info: 1, warning: 2, error: 3 };
const TONES = ['info', 'warning', 'error'] as const;

/**
 * The draft in pieces, the matches of the failing rules marked. Where two rules cover the same
 * words the weightier wins (a disease word inside an unapproved claim shows as an error).
 */
export function markedPieces(text: string, findings: readonly CaptionFinding[]): TextPiece[] {
  const weight = new Uint8Array(text.length);
  for (const finding of findings) {
    const state = ruleState(finding);
    if (state === 'ok' || finding.rule === 'media_reminder') continue;
    for (const match of finding.matches) {
      const end = Math.min(match.end, text.length);
      for (let i = Math.max(0, match.start); i < end; i++) weight[i] = Math.max(weight[i]!, WEIGHT[state]);
    }
  }
  const pieces: TextPiece[] = [];
  let start = 0;
  for (let i = 1; i <= text.length; i++) {
    if (i < text.length && weight[i] === weight[start]) continue;
    const w = weight[start]!;
    pieces.push(w ? { text: text.slice(start, i), tone: TONES[w - 1] } : { text: text.slice(start, i) });
    start = i;
  }
  return pieces;
}
