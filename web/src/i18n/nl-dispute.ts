import type { enDispute } from './en-dispute';

/** Dutch texts of a dispute's conversation (the panel on the deal, link, request and admin pages). */
export const nlDispute: Record<keyof typeof enDispute, string> = {
  'thread.title': 'Gesprek over het geschil',
  'thread.intro':
    'Merk, creator en ons team praten hier. Leg uit wat er is gebeurd en voeg screenshots of pdf’s toe als bewijs.',
  'thread.endsAt':
    'Is het geschil niet opgelost vóór {time}, dan gaat het geld ({amount}) automatisch naar de creator.',
  'thread.endsAtNoAmount':
    'Is het geschil niet opgelost vóór {time}, dan gaat het geld automatisch naar de creator.',
  'thread.onHold':
    'Een beheerder houdt deze betaling vast: er wordt niets vrijgegeven tot de beheerder beslist.',
  'thread.closed':
    'Dit geschil is afgesloten; het gesprek blijft hier bewaard.',
  'thread.loading': 'Gesprek laden…',
  'thread.loadError': 'Het gesprek kon niet worden geladen.',
  'thread.side.brand': 'Merk',
  'thread.side.creator': 'Creator',
  'thread.side.admin': 'Ons team',
  'thread.you': 'Jij',
  'thread.opening': 'Reden van het geschil',
  'thread.files': 'Bewijs',
  'thread.download': '{name} downloaden ({size})',
  'thread.downloadError': 'Het bestand kon niet worden gedownload.',
  'thread.message': 'Je bericht',
  'thread.messageHint': '{count} van {max} tekens',
  'thread.addFiles': 'Afbeeldingen of pdf toevoegen',
  'thread.filesHint':
    'Tot {max} bestanden van elk 10 MB: PNG, JPEG, GIF, WebP of pdf.',
  'thread.removeFile': '{name} verwijderen',
  'thread.send': 'Bericht versturen',
  'thread.sending': 'Versturen…',
  'thread.sent': 'Bericht verstuurd',
  'thread.sentText': 'De andere partij krijgt een pushbericht en een e-mail.',
  'thread.sendError': 'Het bericht is niet verstuurd',
  'thread.textRequired': 'Schrijf een bericht.',
  'thread.textTooLong': 'Een bericht is hooguit {max} tekens.',
  'thread.tooManyFiles': 'Hooguit {max} bestanden per bericht.',
  'thread.fileTooLarge': '{name} is groter dan 10 MB.',
  'thread.fileType': '{name} is geen afbeelding (PNG, JPEG, GIF, WebP) of pdf.',
  'thread.auditor': 'Auditors lezen het gesprek mee; ze kunnen niet reageren.',
};
