import type { TextCatalog } from './catalog';

const deal = (p: { title?: string }) => (p.title ? `“${p.title}”` : 'je deal');

export const nl: TextCatalog = {
  locale: 'nl-NL',
  messages: {
    payment_received: (p, f) => ({
      title: 'Betaling ontvangen',
      body: `${f.money(p.amountCents ?? 0)} voor ${deal(p)} staat in escrow. Deel de link met ${p.influencer ?? 'de creator'}.`,
    }),
    creator_accepted: (p) => ({
      title: 'Deal geaccepteerd',
      body: `${p.influencer ?? 'De creator'} heeft ${deal(p)} geaccepteerd.`,
    }),
    content_delivered: (p, f) => ({
      title: 'Content geleverd',
      body: `${p.influencer ?? 'De creator'} heeft ${deal(p)} geleverd. Beoordeel het vóór ${f.dateTime(p.at ?? '')}; daarna wordt het geld automatisch vrijgegeven.`,
    }),
    content_redelivered: (p, f) => ({
      title: 'Wijzigingen geleverd',
      body: `${p.influencer ?? 'De creator'} heeft de wijzigingen voor ${deal(p)} geleverd. Beoordeel ze vóór ${f.dateTime(p.at ?? '')}; daarna wordt het geld automatisch vrijgegeven.`,
    }),
    changes_requested: (p) => ({
      title: 'Wijzigingen gevraagd',
      body: `Het merk vraagt om wijzigingen voor ${deal(p)} (revisieronde ${p.round ?? 1} van ${p.rounds ?? 1}): “${p.message ?? ''}” Lever opnieuw zodra ze klaar zijn.`,
    }),
    release_reminder: (p, f) => ({
      title: 'Geld wordt binnenkort vrijgegeven',
      body: `Het geld voor ${deal(p)} wordt op ${f.dateTime(p.at ?? '')} automatisch vrijgegeven. Keur goed of open daarvoor een geschil.`,
    }),
    milestone_due: (p, f) => ({
      title: 'Mijlpaal binnen 24 uur af',
      body: `${deal(p)} moet uiterlijk ${f.date(p.date ?? '')} geleverd zijn. Lever via je link zodra het klaar is.`,
    }),
    dispute_auto_resolved: (p, f) => ({
      title: 'Geschil gesloten',
      body: `Het geschil over ${deal(p)} is zonder besluit verlopen; ${f.money(p.amountCents ?? 0)} is aan de creator vrijgegeven.`,
    }),
    funds_released: (p, f) => ({
      title: 'Geld vrijgegeven',
      body: `${f.money(p.amountCents ?? 0)} voor ${deal(p)} is uitbetaald aan ${p.influencer ?? 'de creator'}.`,
    }),
    refund_done: (p, f) => ({
      title: 'Terugbetaling gedaan',
      body: `${f.money(p.amountCents ?? 0)} voor ${deal(p)} is aan je terugbetaald.`,
    }),
    split_resolved_brand: (p, f) => ({
      title: 'Geschil opgelost',
      body: `Het geschil over ${deal(p)} is opgelost met een verdeling: je krijgt ${f.money(p.refundCents ?? 0)} terug; ${p.influencer ?? 'de creator'} ontvangt ${f.money(p.amountCents ?? 0)}.`,
    }),
    split_resolved_creator: (p, f) => ({
      title: 'Geschil opgelost',
      body: `Het geschil over ${deal(p)} is opgelost met een verdeling: je ontvangt ${f.money(p.amountCents ?? 0)}, onderweg naar je bankrekening.`,
    }),
    request_received: (p, f) => ({
      title: 'Betaalverzoek van een creator (niet door ons gecontroleerd)',
      body:
        `De creator met het account “${p.creatorAccount ?? ''}”, die ondertekent als “${p.creatorName ?? ''}”, vraagt ${f.money(p.amountCents ?? 0)} voor “${p.title ?? ''}”. ` +
        'Die creator heeft dit verzoek zelf geschreven; wij hebben niet gecontroleerd wie het is of wat er staat. Betaal alleen als je deze creator kent en dit verzoek verwacht.',
    }),
    request_paid_brand: (p, f) => ({
      title: 'Betaalverzoek betaald',
      body: `Je betaling van ${f.money(p.amountCents ?? 0)} voor “${p.title ?? ''}” staat in escrow tot het werk klaar is.`,
    }),
    request_accepted: (p) => ({
      title: 'Verzoek geaccepteerd',
      body: `${p.brandName ?? 'Het merk'} heeft je betaalverzoek “${p.title ?? ''}” geaccepteerd.`,
    }),
    request_paid: (p, f) => ({
      title: 'Verzoek betaald',
      body: `${p.brandName ?? 'Het merk'} heeft ${f.money(p.amountCents ?? 0)} betaald voor “${p.title ?? ''}”. Markeer het als voltooid als het werk klaar is.`,
    }),
    payout_sent: (p, f) => ({
      title: 'Uitbetaling verstuurd',
      body: `${f.money(p.amountCents ?? 0)} voor “${p.title ?? ''}” is onderweg naar je bankrekening.`,
    }),
    request_payout_waiting: (p, f) => ({
      title: 'Uitbetaling wacht op je bankrekening',
      body: `${f.money(p.amountCents ?? 0)} voor “${p.title ?? ''}” is aan je vrijgegeven en wordt uitbetaald zodra je een bankrekening koppelt (Profiel → Bankgegevens en uitbetalingen).`,
    }),
    request_delivered: (p, f) => ({
      title: 'Werk opgeleverd: jouw beoordeling',
      body: `${p.creatorName ?? 'De creator'} heeft “${p.title ?? ''}” als voltooid gemarkeerd. Keur het goed of open een geschil vóór ${f.dateTime(p.at ?? '')}; daarna wordt ${f.money(p.amountCents ?? 0)} automatisch aan de creator vrijgegeven.`,
    }),
    request_disputed: (p, f) => ({
      title: 'Verzoek betwist',
      body: `${p.brandName ?? 'Het merk'} betwist “${p.title ?? ''}”: ${p.reason ?? ''} Reageer en voeg bewijs toe op de pagina. Tenzij een beheerder anders beslist, wordt het geld op ${f.dateTime(p.at ?? '')} aan je vrijgegeven.`,
    }),
    request_rejected: (p) => ({
      title: 'Verzoek afgewezen',
      body: `${p.brandName ?? 'Het merk'} heeft je betaalverzoek “${p.title ?? ''}” afgewezen. Er is niets betaald.`,
    }),
    request_expired: (p) => ({
      title: 'Verzoek verlopen',
      body: `Je betaalverzoek “${p.title ?? ''}” is verlopen voordat het werd betaald. Stuur een nieuw verzoek als het werk nog doorgaat.`,
    }),
    request_refunded_brand: (p, f) => ({
      title: 'Terugbetaling gedaan',
      body: `${f.money(p.amountCents ?? 0)} voor “${p.title ?? ''}” is aan je terugbetaald.`,
    }),
    request_refunded_creator: (p) => ({
      title: 'Verzoek terugbetaald',
      body: `“${p.title ?? ''}” is terugbetaald aan ${p.brandName ?? 'het merk'}; er volgt geen uitbetaling.`,
    }),
    document_invoice: (p) => ({
      title: `Factuur ${p.number ?? ''}`,
      body: `Onze factuur ${p.number ?? ''} voor de servicekosten van ${deal(p)} zit als pdf in de bijlage.`,
    }),
    document_credit_note: (p) => ({
      title: `Creditnota ${p.number ?? ''}`,
      body: `Creditnota ${p.number ?? ''} voor de teruggegeven servicekosten van ${deal(p)} zit als pdf in de bijlage.`,
    }),
    document_self_billed: (p) => ({
      title: `Factuur uitgereikt door afnemer ${p.number ?? ''}`,
      body: `De factuur ${p.number ?? ''} op naam van ${p.influencer ?? 'de creator'}, uitgereikt door afnemer, voor ${deal(p)} zit als pdf in de bijlage.`,
    }),
    document_statement: (p, f) => ({
      title: 'Overzicht van je uitbetaling',
      body: `Het overzicht van je uitbetaling van ${f.money(p.amountCents ?? 0)} voor ${deal(p)} zit als pdf in de bijlage.`,
    }),
    dispute_message: (p) => ({
      title: 'Nieuw bericht in het geschil',
      body: `${{ brand: 'Het merk', creator: 'De creator', admin: 'Ons team' }[p.from ?? 'admin']} schreef over ${p.requestId ? `“${p.title ?? ''}”` : deal(p)}: “${p.message ?? ''}” Reageer en voeg bewijs toe op de pagina.`,
    }),
    link_dispute_opened: (p, f) => ({
      title: 'Levering betwist',
      body: `Het merk betwist je levering voor ${deal(p)}: ${p.reason ?? ''} Reageer en voeg bewijs toe op de pagina. Tenzij een beheerder anders beslist, wordt het geld op ${f.dateTime(p.at ?? '')} aan je vrijgegeven.`,
    }),
    link_payout_sent: (p, f) => ({
      title: 'Uitbetaling verstuurd',
      body: `${f.money(p.amountCents ?? 0)} voor ${deal(p)} is onderweg naar je bankrekening.`,
    }),
    link_deal_refunded: (p) => ({
      title: 'Deal geannuleerd',
      body: `${deal(p)} is geannuleerd en het merk is terugbetaald.`,
    }),
    // Een verloren chargeback gaf het merk het geld terug: er is niets terugbetaald (en er volgt geen creditnota).
    charged_back_brand: (p) => ({
      title: 'Escrow gesloten na chargeback',
      body: `${deal(p)} is gesloten: je kaartuitgever heeft je de betaling via de chargeback teruggegeven, dus er staat niets meer in escrow en er volgt geen terugbetaling van ons.`,
    }),
    charged_back_creator: (p) => ({
      title: 'Gesloten na chargeback',
      body: `${deal(p)} is gesloten: de kaartbetaling van het merk is via een chargeback teruggedraaid, dus er staat niets meer in escrow en er volgt geen uitbetaling.`,
    }),
    link_split_resolved: (p, f) => ({
      title: 'Geschil opgelost',
      body: `Het geschil over ${deal(p)} is opgelost met een verdeling: je ontvangt ${f.money(p.amountCents ?? 0)}, onderweg naar je bankrekening.`,
    }),
    admin_chargeback: (p, f) => ({
      title: 'Chargeback geopend',
      body: `Er is een chargeback van ${f.money(p.amountCents ?? 0)} (${p.reason ?? 'geen reden'}) geopend op ${p.dealId ? `deal #${p.dealId}` : `verzoek #${p.requestId ?? ''}`}.`,
    }),
    admin_transfer_failed: (p) => ({
      title: 'Overboeking mislukt',
      body: `De uitbetaling voor deal #${p.dealId ?? ''} is mislukt: ${p.reason ?? ''}`,
    }),
    admin_split_failed: (p, f) => ({
      title: 'Betaling van verdeling mislukt',
      body: `Een deel van de verdeling van deal #${p.dealId ?? ''} (${f.money(p.amountCents ?? 0)}) is mislukt: ${p.reason ?? ''}. Probeer het opnieuw bij de deal.`,
    }),
    admin_hold_ageing: (p, f) => ({
      title: 'Deal te lang on hold',
      body: `Deal #${p.dealId ?? ''} staat sinds ${f.dateTime(p.at ?? '')} on hold.`,
    }),
    admin_reconciliation_mismatch: (p, f) => ({
      title: 'Afstemming vond een verschil',
      body: `Het grootboek en de betaalprovider verschillen over ${p.count ?? 0} geldbeweging(en) tot ${f.dateTime(p.at ?? '')}: ${p.reason ?? ''}`,
    }),
    admin_intents_stalled: (p, f) => ({
      title: 'Betalingen wachten op de betaalprovider',
      body: `${p.count ?? 0} geldbeweging(en) hebben al meer dan ${p.minutes ?? 0} minuten geen antwoord van de betaalprovider (de oudste sinds ${f.dateTime(p.at ?? '')}, ${p.reason ?? ''}). Ze worden vanzelf opnieuw geprobeerd; kijk naar de status van de provider.`,
    }),
    admin_notification_failures: (p, f) => ({
      title: `Meldingen via ${p.channel === 'push' ? 'push' : 'e-mail'} mislukken`,
      body: `${p.count ?? 0} van de ${p.total ?? 0} ${p.channel === 'push' ? 'pushberichten' : 'e-mails'} zijn sinds ${f.dateTime(p.at ?? '')} mislukt. Controleer de mailserver of de push-instellingen en de logs; mislukte meldingen worden opnieuw geprobeerd.`,
    }),
    test: (p) => ({
      title: p.title ?? 'Testmelding',
      body: p.reason ?? 'Pushmeldingen werken.',
    }),
  },
  mail: {
    open: 'Openen in de app',
    unsubscribe: 'Afmelden voor deze e-mails',
    footer:
      'Je ontvangt deze e-mail vanwege een deal of betaalverzoek op onze escrowdienst.',
    confirmBody: 'Geen meldingen meer per e-mail naar dit adres?',
    confirmButton: 'Afmelden',
    unsubscribedTitle: 'Afgemeld',
    unsubscribedBody:
      'Je ontvangt geen meldingen per e-mail meer. Je kunt ze in je profiel weer aanzetten.',
    invalidLink: 'Deze afmeldlink is niet geldig.',
    block: 'Betaalverzoeken van deze creator blokkeren',
    blockConfirmBody:
      'Geen e-mails met betaalverzoeken van deze creator meer naar dit adres sturen?',
    blockButton: 'Deze creator blokkeren',
    blockedTitle: 'Creator geblokkeerd',
    blockedBody: 'Dit adres krijgt geen betaalverzoeken van deze creator meer.',
    notMailed:
      'We hebben dit verzoek niet naar het merk gemaild. Deel de link zelf met hen.',
    receiptAttached: 'Je betalingsbewijs zit als pdf in de bijlage.',
    linkCodeSubject: 'Je code',
    linkCodeBody: {
      confirm:
        'Vul deze code in op {page} om je e-mailadres te bevestigen. Hij werkt {minutes} minuten.',
      resume:
        'Vul deze code in op de pagina die je opende om daar verder te gaan. Hij werkt {minutes} minuten. Het apparaat dat je eerder gebruikte, werkt dan niet meer voor deze link.',
    },
    linkCodePage: {
      deal: 'de pagina van de deal',
      'payment-request': 'de pagina van het betaalverzoek',
    },
    linkCodeIgnore:
      'Heb je deze code niet aangevraagd? Negeer deze e-mail dan: zonder de code verandert er niets.',
  },
};
