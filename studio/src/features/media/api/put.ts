/**
 * PUTs a file to a presigned upload URL, reporting progress (0..1). XMLHttpRequest, since fetch
 * reports no upload progress; the URL and headers come from the API's presign answer. Rejects
 * with the storage's status when it refuses the file.
 */
export function putWithProgress(
  url: string,
  method: string,
  headers: Record<string, string>,
  file: Blob,
  onProgress: (fraction: number) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest()
    request.open(method, url)
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value)
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total)
    }
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress(1)
        resolve()
      } else {
        reject(new Error(`The upload was refused (HTTP ${request.status}).`))
      }
    }
    request.onerror = () => reject(new Error('The upload failed: the storage could not be reached.'))
    request.send(file)
  })
}
