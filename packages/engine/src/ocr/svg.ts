/**
 * SVG files are rendered by sharp (librsvg), which would follow external references (images,
 * stylesheets, entities) from the file system or the network. Every reference that is not
 * inside the document (`#id`) or an inline `data:` URI is removed before rendering.
 */
const isInternal = (ref: string) => {
  const r = ref.trim().toLowerCase();
  return r.startsWith('#') || r.startsWith('data:');
};

export function sanitizeSvg(svg: string): string {
  return (
    svg
      // Entities (and the internal DTD subset that declares them) can pull in files.
      .replace(/<!DOCTYPE[^[>]*(\[[\s\S]*?\])?\s*>/gi, '')
      .replace(/<!ENTITY[\s\S]*?>/gi, '')
      .replace(/<\?xml-stylesheet[\s\S]*?\?>/gi, '')
      .replace(/<script[\s\S]*?(<\/script\s*>|\/>)/gi, '')
      .replace(/<foreignObject[\s\S]*?(<\/foreignObject\s*>|\/>)/gi, '')
      .replace(/<xi:include[\s\S]*?(<\/xi:include\s*>|\/>)/gi, '')
      .replace(/@import[^;]*;?/gi, '')
      .replace(/\b((?:xlink:)?href)\s*=\s*("[^"]*"|'[^']*')/gi, (all, attr: string, quoted: string) =>
        isInternal(quoted.slice(1, -1)) ? all : `${attr}="#"`,
      )
      .replace(/url\(\s*(['"]?)([^'")]*)\1\s*\)/gi, (all, _q: string, ref: string) => (isInternal(ref) ? all : 'none'))
  );
}
