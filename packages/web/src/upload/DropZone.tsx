/**
 * Drag-and-drop or choose-file area for one or several files; the native file input keeps it
 * keyboard- and screen-reader-usable.
 */
import { MAX_UPLOAD_LABEL } from '@statemint/shared';
import { type DragEvent, useId, useState } from 'react';
import { formatFileSize } from '../lib/format';
import { acceptAttribute } from '../lib/validate';

export function DropZone({
  where,
  files,
  disabled,
  onFiles,
}: {
  where: 'upload' | 'dashboard';
  files: Array<{ name: string; size: number }>;
  disabled: boolean;
  onFiles: (files: FileList | null) => void;
}) {
  const id = useId();
  const [over, setOver] = useState(false);
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    if (!disabled) onFiles(e.dataTransfer.files);
  };
  return (
    <section
      aria-label="File upload"
      onDragOver={(e) => {
        e.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      className={`relative rounded-2xl border-2 border-dashed p-8 text-center transition-colors focus-within:border-brand-500 focus-within:ring-2 focus-within:ring-brand-200 ${
        over ? 'border-brand-500 bg-brand-50' : 'border-slate-300 bg-white'
      }`}
    >
      <svg
        aria-hidden
        className="mx-auto h-10 w-10 text-brand-600"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
      >
        <path d="M12 16V4m0 0l-4 4m4-4l4 4M4 16v3a1 1 0 001 1h14a1 1 0 001-1v-3" />
      </svg>
      {files.length === 1 && files[0] ? (
        <p className="mt-3 font-semibold text-ink" data-testid="chosen-file">
          {files[0].name} <span className="font-normal text-slate-500">({formatFileSize(files[0].size)})</span>
        </p>
      ) : files.length > 1 ? (
        <p className="mt-3 font-semibold text-ink" data-testid="chosen-file">
          {files.length} files chosen
        </p>
      ) : (
        <p className="mt-3 font-semibold text-ink">Drag and drop your statements here</p>
      )}
      <p className="mt-1 text-sm text-slate-500">
        PDF, images (JPG, PNG, TIFF), documents (DOC, DOCX, TXT, RTF), exports (CSV, XLSX) or ZIP, up to{' '}
        {MAX_UPLOAD_LABEL}
      </p>
      <label
        htmlFor={id}
        className={`mt-4 inline-flex cursor-pointer items-center rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold hover:bg-slate-50 ${
          disabled ? 'pointer-events-none opacity-50' : ''
        }`}
      >
        {files.length ? 'Choose different files' : 'Choose Files'}
      </label>
      <input
        id={id}
        type="file"
        className="sr-only"
        accept={acceptAttribute(where)}
        multiple
        disabled={disabled}
        data-testid="file-input"
        onChange={(e) => {
          onFiles(e.target.files);
          e.target.value = '';
        }}
      />
    </section>
  );
}
