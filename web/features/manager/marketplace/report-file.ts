// The chosen report, checked before anything is sent by the rules of common/marketplace-report.ts
// (said with the server's own words): its name or type, its size, then its bytes. The server
// checks what it receives again.
import {
  reportBytesProblem,
  reportFileProblem,
  type ReportFileProblem,
} from '../../../../common/marketplace-report';

// FileReader rather than Blob.arrayBuffer(): every engine has it (jsdom, older Safari too).
const readBytes = (blob: Blob) =>
  new Promise<Uint8Array>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('the file could not be read'));
    reader.readAsArrayBuffer(blob);
  });

/** Why the file is no report to send, or null. A file the browser cannot read is not text. */
export async function checkReportFile(file: File): Promise<ReportFileProblem | null> {
  const problem = reportFileProblem(file);
  if (problem) return problem;
  try {
    return reportBytesProblem(await readBytes(file));
  } catch {
    return 'not_text';
  }
}
