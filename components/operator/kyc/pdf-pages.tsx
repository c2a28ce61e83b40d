'use client';

import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { useTranslations } from 'next-intl';
import type { PDFDocumentLoadingTask } from 'pdfjs-dist';
import { useEffect, useRef, useState } from 'react';

/** Enough for a utility bill or a bank statement; a longer file is shown up to here. */
const MAX_PAGES = 10;
const WIDTH = 720;

/** One worker for the back office's life: pdf.js parses the file there, off the page's thread. */
let worker: Worker | undefined;
/** The teardown of the document shown last, which the next one waits for. */
let lastDestroy: Promise<void> = Promise.resolve();

/**
 * pdf.js decodes JPEG 2000 (common in scanned statements), JBIG2 and ICC colours with WebAssembly
 * it fetches by file name from a folder. The bundler gives each file an address of its own, so the
 * page fetches them by name here and hands the bytes to the worker, which may compile WebAssembly
 * (the `'wasm-unsafe-eval'` of the bundle scripts' policy) and nothing else.
 */
const wasmFiles = new Map([
  ['openjpeg.wasm', new URL('pdfjs-dist/wasm/openjpeg.wasm', import.meta.url)],
  ['jbig2.wasm', new URL('pdfjs-dist/wasm/jbig2.wasm', import.meta.url)],
  ['qcms_bg.wasm', new URL('pdfjs-dist/wasm/qcms_bg.wasm', import.meta.url)],
]);

class BundledWasm {
  async fetch({ filename }: { filename: string }): Promise<Uint8Array> {
    const url = wasmFiles.get(filename);
    if (!url) throw new Error(`pdf.js asked for an unknown file: ${filename}`);
    const answer = await fetch(url);
    if (!answer.ok) throw new Error(`${filename}: ${answer.status}`);
    return new Uint8Array(await answer.arrayBuffer());
  }
}

/**
 * A PDF drawn page by page onto canvases by pdf.js from bytes already fetched: the file is never
 * opened as a document, its scripts never run (no scripting sandbox is loaded, eval is off) and
 * its fonts are drawn as paths, so nothing in it reaches the back office's origin.
 */
export function PdfPages({ bytes, label }: { bytes: ArrayBuffer; label: string }) {
  const t = useTranslations('backOffice.kyc');
  const holder = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'shown' | 'failed'>('loading');
  const [pages, setPages] = useState(0);

  useEffect(() => {
    let cancelled = false;
    let task: PDFDocumentLoadingTask | undefined;
    (async () => {
      const pdfjs = await import('pdfjs-dist');
      // The worker is shared: a document still being torn down must be gone before the next opens.
      await lastDestroy;
      if (cancelled) return;
      worker ??= new Worker(new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url));
      pdfjs.GlobalWorkerOptions.workerPort = worker;
      // pdf.js hands its copy to the worker: the cached bytes stay whole for the next look.
      task = pdfjs.getDocument({
        data: new Uint8Array(bytes.slice(0)),
        isEvalSupported: false,
        enableXfa: false,
        disableFontFace: true,
        // The page fetches the decoders (BundledWasm); the worker fetches nothing itself.
        useWorkerFetch: false,
        WasmFactory: BundledWasm,
      });
      const pdf = await task.promise;
      if (cancelled) return;
      setPages(pdf.numPages);
      const count = Math.min(pdf.numPages, MAX_PAGES);
      for (let n = 1; n <= count && !cancelled; n += 1) {
        const page = await pdf.getPage(n);
        const base = page.getViewport({ scale: 1 });
        const viewport = page.getViewport({ scale: WIDTH / base.width });
        const canvas = document.createElement('canvas');
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        canvas.setAttribute('role', 'img');
        canvas.setAttribute('aria-label', t('pdfPage', { document: label, page: n }));
        canvas.style.width = '100%';
        canvas.style.height = 'auto';
        await page.render({ canvas, viewport }).promise;
        if (!cancelled) holder.current?.append(canvas);
      }
      if (!cancelled) setState('shown');
    })().catch(() => {
      if (!cancelled) setState('failed');
    });
    const shown = holder.current;
    return () => {
      cancelled = true;
      // Whatever stage it reached, the document leaves the worker; the next one waits for that.
      if (task) lastDestroy = task.destroy().catch(() => undefined);
      shown?.replaceChildren();
    };
  }, [bytes, label, t]);

  return (
    <Stack spacing={1}>
      {state === 'loading' && <CircularProgress size={24} aria-label={t('loadingDocument')} />}
      {state === 'failed' && <Alert severity="error">{t('pdfFailed')}</Alert>}
      {pages > MAX_PAGES && (
        <Alert severity="info">{t('pdfCut', { shown: MAX_PAGES, pages })}</Alert>
      )}
      <Stack ref={holder} spacing={1} sx={{ '& canvas': { border: 1, borderColor: 'divider' } }} />
    </Stack>
  );
}
