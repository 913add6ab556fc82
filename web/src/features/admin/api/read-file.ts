/** A chosen file's contents, read in the browser with `read` on a FileReader that yields a string. */
function readWith(read: (reader: FileReader) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('Unreadable file'));
    reader.onerror = () => reject(reader.error ?? new Error('Unreadable file'));
    read(reader);
  });
}

/** Images travel to the API as data URLs (the server checks the bytes and stores a file). */
export const readFileAsDataUrl = (file: Blob): Promise<string> => readWith((r) => r.readAsDataURL(file));

/** The chosen file's text (UTF-8, a leading byte-order mark dropped): the CSV import. */
export const readFileAsText = (file: Blob): Promise<string> => readWith((r) => r.readAsText(file, 'utf-8'));
