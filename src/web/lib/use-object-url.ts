/** A temporary URL showing a picked file (an image preview), released when the file changes or the view goes. */
import { useEffect, useState } from 'react';

export function useObjectUrl(file: Blob | null | undefined): string | null {
  const [entry, setEntry] = useState<{ file: Blob; url: string } | null>(null);
  useEffect(() => {
    if (!file) return;
    const url = URL.createObjectURL(file);
    // The URL is an outside resource made for this file; it is released in the clean-up below.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setEntry({ file, url });
    return () => URL.revokeObjectURL(url);
  }, [file]);
  // Never a URL of an earlier file (already released).
  return file && entry?.file === file ? entry.url : null;
}
