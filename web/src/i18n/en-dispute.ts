/** English texts of a dispute's conversation (the panel on the deal, link, request and admin pages). */
export const enDispute = {
  'thread.title': 'Dispute conversation',
  'thread.intro':
    'Brand, creator and our team talk here. Explain what happened and add screenshots or PDFs as evidence.',
  'thread.endsAt':
    'If the dispute is not resolved before {time}, the money ({amount}) is released to the creator automatically.',
  'thread.endsAtNoAmount':
    'If the dispute is not resolved before {time}, the money is released to the creator automatically.',
  'thread.onHold':
    'An admin is holding this payment: nothing is released until the admin decides.',
  'thread.closed':
    'This dispute is closed; the conversation stays here for the record.',
  'thread.loading': 'Loading the conversation…',
  'thread.loadError': 'The conversation could not be loaded.',
  'thread.side.brand': 'Brand',
  'thread.side.creator': 'Creator',
  'thread.side.admin': 'Our team',
  'thread.you': 'You',
  'thread.opening': 'Reason for the dispute',
  'thread.files': 'Evidence',
  'thread.download': 'Download {name} ({size})',
  'thread.downloadError': 'The file could not be downloaded.',
  'thread.message': 'Your message',
  'thread.messageHint': '{count} of {max} characters',
  'thread.addFiles': 'Add images or PDF',
  'thread.filesHint':
    'Up to {max} files of 10 MB each: PNG, JPEG, GIF, WebP or PDF.',
  'thread.removeFile': 'Remove {name}',
  'thread.send': 'Send message',
  'thread.sending': 'Sending…',
  'thread.sent': 'Message sent',
  'thread.sentText': 'The other side is notified by push and e-mail.',
  'thread.sendError': 'The message was not sent',
  'thread.textRequired': 'Write a message.',
  'thread.textTooLong': 'A message is at most {max} characters.',
  'thread.tooManyFiles': 'At most {max} files per message.',
  'thread.fileTooLarge': '{name} is larger than 10 MB.',
  'thread.fileType': '{name} is not an image (PNG, JPEG, GIF, WebP) or a PDF.',
  'thread.auditor': 'Auditors read the conversation; they cannot post.',
};
