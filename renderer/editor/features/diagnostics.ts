/** Diagnostics: the linter's findings become markers (squiggles) under one named owner, per file, as soon as the worker sends them. */
import type { Finding } from '../../../shared/lint/types.js';
import type { EditorContext } from '../context.js';
import { MARKER_OWNER, fileOf, toMarker } from '../convert.js';
import { monaco } from '../monaco.js';

export function registerDiagnostics(ctx: EditorContext): void {
  ctx.core.onDiagnostics(({ findings }) => applyMarkers(findings));
}

export function applyMarkers(findings: readonly Finding[]): void {
  const byFile = new Map<string, monaco.editor.IMarkerData[]>();
  for (const finding of findings) {
    const list = byFile.get(finding.range.file) ?? [];
    list.push(toMarker(finding));
    byFile.set(finding.range.file, list);
  }
  for (const model of monaco.editor.getModels()) {
    const file = fileOf(model.uri);
    if (file === null) continue;
    monaco.editor.setModelMarkers(model, MARKER_OWNER, byFile.get(file) ?? []);
  }
}
