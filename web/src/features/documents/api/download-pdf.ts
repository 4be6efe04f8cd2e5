import type { Lang } from '@/i18n';
import { apiFile } from '@/lib/http';
import { saveFile } from '@/lib/save-file';
import type { DocumentSource } from '@/features/documents/model/document-source';

/** Downloads the server's PDF of a document in `lang` under the file name the layout gives. */
export async function downloadDocumentPdf(
  source: DocumentSource,
  lang: Lang,
  fileName: string,
): Promise<void> {
  const blob = await apiFile(`${source.path}/pdf?lang=${lang}`, source.options);
  saveFile(blob, fileName);
}

/** Downloads a document's CSV (the year overview's lines) under `fileName`. */
export async function downloadDocumentCsv(
  source: DocumentSource,
  fileName: string,
): Promise<void> {
  const blob = await apiFile(`${source.path}/csv`, source.options);
  saveFile(blob, fileName);
}
