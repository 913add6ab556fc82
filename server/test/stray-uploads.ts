/**
 * Test kit: files an uploads folder can hold that are not names the shop stores, so parseUploadName
 * (server/store/upload-names.ts) refuses them and the server never serves them: temp files of an
 * interrupted write, dotfiles, other types, a hash in capitals, the demo images' manifest.
 */
export function strayUploadNames(hash: string): string[] {
  return [
    `${hash}.png.4242.tmp`,
    `.${hash}-320.webp.4242.1.tmp`,
    '.x.tmp',
    'x.tmp',
    '.hidden.png',
    'notes.txt',
    `${hash.toUpperCase()}.png`,
    'demo/.demo-images.json',
    'demo/shirt.webp.4242.tmp',
    'demo/shirt.png',
  ];
}
