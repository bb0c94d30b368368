/**
 * News images (spec §7): links that point at the storage host are rewritten to its London-region host.
 * Both hosts are build settings (VITE_NEWS_STORAGE_HOST, VITE_NEWS_LONDON_HOST); other links are left alone.
 */
export const DEFAULT_STORAGE_HOST = "landunits-media.s3.amazonaws.com"
export const DEFAULT_LONDON_HOST = "landunits-media.s3.eu-west-2.amazonaws.com"

export const rewriteNewsImage = (
  src: string,
  storageHost: string = import.meta.env.VITE_NEWS_STORAGE_HOST ?? DEFAULT_STORAGE_HOST,
  londonHost: string = import.meta.env.VITE_NEWS_LONDON_HOST ?? DEFAULT_LONDON_HOST,
): string => {
  let url: URL
  try {
    url = new URL(src)
  } catch {
    return src // a relative path is served by us
  }
  if (url.hostname !== storageHost) return src
  url.hostname = londonHost
  return url.toString()
}
