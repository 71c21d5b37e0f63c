/**
 * Whitespace-separated words from a stream, each given out as soon as the whitespace after it
 * arrives, so a program can drive `tafl trace` one move at a time; the last word is given out
 * at the end of the stream.
 */

export async function* words(chunks: AsyncIterable<string | Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let pending = '';
  for await (const chunk of chunks) {
    pending += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    const parts = pending.split(/\s+/);
    pending = parts.pop()!;
    for (const word of parts) if (word !== '') yield word;
  }
  pending += decoder.decode();
  for (const word of pending.split(/\s+/)) if (word !== '') yield word;
}
