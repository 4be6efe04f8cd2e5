/** Native share where available, else copy; an aborted share is silent (docs/product.md §2). */
export async function shareLink(
  url: string,
  title: string,
  onCopyError: () => void,
): Promise<void> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ url, title });
    } catch {
      // The user closed the share sheet.
    }
    return;
  }
  try {
    await navigator.clipboard.writeText(url);
  } catch {
    onCopyError();
  }
}
