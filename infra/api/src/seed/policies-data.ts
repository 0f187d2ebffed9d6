// Server-managed texts: policy page bodies (Markdown) in en, nl and fr.
export type Entry = { key: string; en: string; nl: string; fr: string };

export const POLICY_ENTRIES: Entry[] = [
  {
    key: 'policies.general-policy.body',
    en: `# General policy

These general terms govern every quotation, order and delivery between the supplier and organisations that hold a supply contract (B2B and B2G customers), and every purchase in our two web shops.

## Who may order
Only authorised persons of a customer organisation may place orders on its behalf. At checkout the submitter declares to be authorised and gives full name and function.

## Prices
Prices are in euro. The contract price list applies to products within your contract; other products are sold at list price or on request. Prices can be shown with or without VAT.

## Applicable law
Belgian law applies. Disputes fall under the courts of Antwerp, unless a framework contract or public procurement rules state otherwise.`,
    nl: `# Algemeen beleid

Deze algemene voorwaarden gelden voor elke offerte, bestelling en levering tussen de leverancier en organisaties met een leveringscontract (B2B- en B2G-klanten), en voor elke aankoop in onze twee webshops.

## Wie mag bestellen
Alleen gemachtigde personen van een klantorganisatie mogen namens haar bestellen. Bij het afrekenen verklaart de indiener gemachtigd te zijn en vermeldt hij of zij volledige naam en functie.

## Prijzen
Prijzen zijn in euro. Voor producten binnen uw contract geldt de contractprijslijst; andere producten worden verkocht tegen catalogusprijs of op aanvraag. Prijzen kunnen met of zonder btw worden getoond.

## Toepasselijk recht
Het Belgisch recht is van toepassing. Geschillen behoren tot de bevoegdheid van de rechtbanken van Antwerpen, tenzij een raamcontract of de regels voor overheidsopdrachten anders bepalen.`,
    fr: `# Politique générale

Les présentes conditions générales régissent chaque devis, commande et livraison entre le fournisseur et les organisations titulaires d'un contrat d'approvisionnement (clients B2B et B2G), ainsi que chaque achat dans nos deux boutiques en ligne.

## Qui peut commander
Seules les personnes habilitées d'une organisation cliente peuvent commander en son nom. Lors de la commande, le demandeur déclare être habilité et indique son nom complet et sa fonction.

## Prix
Les prix sont exprimés en euros. La liste de prix du contrat s'applique aux produits couverts par votre contrat ; les autres produits sont vendus au prix catalogue ou sur demande. Les prix peuvent être affichés avec ou sans TVA.

## Droit applicable
Le droit belge s'applique. Les litiges relèvent des tribunaux d'Anvers, sauf si un contrat-cadre ou les règles des marchés publics en disposent autrement.`,
  },
  {
    key: 'policies.refund-policy.body',
    en: `# Refund policy

We refund returned products that reach us unused, complete and in their original packaging.

- Refunds are made to the original payment method, or credited to your organisation's account for invoice customers, within 14 days after we have received and checked the return.
- Shipping costs are refunded when the whole order is returned because of our error.
- Sterile and single-use medical products, and products made or configured to order, are not refunded unless they are defective.
- Ballistic protection is refunded only with its seals intact.

Questions about a refund? Contact your case manager or our customer service through the contact page.`,
    nl: `# Terugbetalingsbeleid

Wij betalen geretourneerde producten terug die ongebruikt, volledig en in de originele verpakking bij ons aankomen.

- Terugbetaling gebeurt via de oorspronkelijke betaalmethode, of als creditnota op de rekening van uw organisatie voor klanten op factuur, binnen 14 dagen nadat wij de retour hebben ontvangen en gecontroleerd.
- Verzendkosten worden terugbetaald wanneer de volledige bestelling door onze fout wordt teruggestuurd.
- Steriele medische producten voor eenmalig gebruik en producten die op bestelling zijn gemaakt of geconfigureerd, worden niet terugbetaald tenzij ze defect zijn.
- Ballistische bescherming wordt alleen terugbetaald met intacte verzegeling.

Vragen over een terugbetaling? Neem contact op met uw dossierbeheerder of met onze klantendienst via de contactpagina.`,
    fr: `# Politique de remboursement

Nous remboursons les produits retournés qui nous parviennent inutilisés, complets et dans leur emballage d'origine.

- Le remboursement est effectué par le moyen de paiement d'origine, ou crédité sur le compte de votre organisation pour les clients sur facture, dans les 14 jours suivant la réception et le contrôle du retour.
- Les frais d'envoi sont remboursés lorsque toute la commande est retournée à la suite d'une erreur de notre part.
- Les produits médicaux stériles et à usage unique, ainsi que les produits fabriqués ou configurés sur commande, ne sont pas remboursés sauf s'ils sont défectueux.
- Les protections balistiques ne sont remboursées que si leurs scellés sont intacts.

Une question sur un remboursement ? Contactez votre gestionnaire de dossier ou notre service clientèle via la page de contact.`,
  },
  {
    key: 'policies.return-policy.body',
    en: `# Return policy

You may return products within 30 days of delivery.

1. Request a return from the order in **My orders**, or ask your case manager.
2. Pack the products in their original packaging with the return number on the box.
3. Hand the parcel to the carrier we arrange, or drop it at our warehouse in Antwerp.

Defective products are covered by the legal warranty of two years; for B2B and B2G contracts the warranty terms of the contract apply. Products that are damaged on arrival must be reported within 5 working days.`,
    nl: `# Retourbeleid

U kunt producten binnen 30 dagen na levering terugsturen.

1. Vraag een retour aan vanuit de bestelling in **Mijn bestellingen**, of vraag het aan uw dossierbeheerder.
2. Verpak de producten in hun originele verpakking met het retournummer op de doos.
3. Geef het pakket mee aan de vervoerder die wij regelen, of breng het naar ons magazijn in Antwerpen.

Defecte producten vallen onder de wettelijke garantie van twee jaar; voor B2B- en B2G-contracten gelden de garantievoorwaarden van het contract. Producten die beschadigd aankomen, meldt u binnen 5 werkdagen.`,
    fr: `# Politique de retour

Vous pouvez retourner des produits dans les 30 jours suivant la livraison.

1. Demandez un retour depuis la commande dans **Mes commandes**, ou adressez-vous à votre gestionnaire de dossier.
2. Emballez les produits dans leur emballage d'origine avec le numéro de retour sur le carton.
3. Remettez le colis au transporteur que nous organisons, ou déposez-le à notre entrepôt d'Anvers.

Les produits défectueux sont couverts par la garantie légale de deux ans ; pour les contrats B2B et B2G, les conditions de garantie du contrat s'appliquent. Les produits endommagés à l'arrivée doivent être signalés dans les 5 jours ouvrables.`,
  },
  {
    key: 'policies.shipping-policy.body',
    en: `# Shipping policy

We deliver to Belgium and the Netherlands. The shipping methods offered at checkout depend on the delivery country.

| Method | Delivery time | Cost |
|---|---|---|
| Standard | 2–3 working days | €9.95, free from €250 excl. VAT |
| Express | next working day when ordered before 14:00 | €19.95 |
| Pallet freight | 3–5 working days | on quotation |
| Pick-up in Antwerp | same day | free |

Orders are shipped once payment is confirmed or, for invoice customers, once the order is accepted. Controlled items (ballistic protection, night vision) may need an end-user certificate before shipping.`,
    nl: `# Verzendbeleid

Wij leveren in België en Nederland. Welke verzendmethoden u bij het afrekenen ziet, hangt af van het leveringsland.

| Methode | Levertijd | Kosten |
|---|---|---|
| Standaard | 2–3 werkdagen | € 9,95, gratis vanaf € 250 excl. btw |
| Express | volgende werkdag bij bestelling vóór 14:00 | € 19,95 |
| Palletvervoer | 3–5 werkdagen | op offerte |
| Afhalen in Antwerpen | dezelfde dag | gratis |

Bestellingen worden verzonden zodra de betaling bevestigd is of, voor klanten op factuur, zodra de bestelling aanvaard is. Voor gecontroleerde goederen (ballistische bescherming, nachtzicht) kan vóór verzending een eindgebruikersverklaring nodig zijn.`,
    fr: `# Politique de livraison

Nous livrons en Belgique et aux Pays-Bas. Les modes d'expédition proposés lors de la commande dépendent du pays de livraison.

| Mode | Délai | Coût |
|---|---|---|
| Standard | 2 à 3 jours ouvrables | 9,95 €, gratuit dès 250 € HTVA |
| Express | jour ouvrable suivant pour toute commande avant 14 h | 19,95 € |
| Transport sur palette | 3 à 5 jours ouvrables | sur devis |
| Retrait à Anvers | le jour même | gratuit |

Les commandes sont expédiées dès confirmation du paiement ou, pour les clients sur facture, dès acceptation de la commande. Les articles contrôlés (protections balistiques, vision nocturne) peuvent nécessiter un certificat d'utilisateur final avant l'expédition.`,
  },
  {
    key: 'policies.privacy-policy.body',
    en: `# Privacy policy

We process personal data of the people who use the portal and the web shops in line with the GDPR.

## What we process
Name, e-mail address, phone number, function and organisation of users; delivery and invoice addresses; order and quotation history; messages exchanged with your case manager; technical logs for security.

## Why
To run your contract and orders, to authenticate users, to answer your questions, and—only with your consent—to send our newsletter.

## How long
Invoices and the orders they rest on are kept for ten years after the end of the financial year (Belgian bookkeeping and VAT law). Account data is deleted one year after the account is closed; from then on the orders and quotations kept no longer name you or say how to reach you. An issued invoice is never changed.

## Your rights
You may download a copy of your data (JSON or CSV) on your profile page, where web-shop customers also close their account; your organisation's administrator closes the account of a member. You may also ask for access, correction, deletion or a copy of your data, and object to processing, by writing to our data protection officer via the contact page. You may also complain to the Belgian Data Protection Authority.`,
    nl: `# Privacybeleid

Wij verwerken persoonsgegevens van de gebruikers van het portaal en de webshops in overeenstemming met de AVG.

## Wat we verwerken
Naam, e-mailadres, telefoonnummer, functie en organisatie van gebruikers; leverings- en factuuradressen; bestel- en offertegeschiedenis; berichten met uw dossierbeheerder; technische logs voor beveiliging.

## Waarom
Om uw contract en bestellingen uit te voeren, gebruikers te authenticeren, uw vragen te beantwoorden en—alleen met uw toestemming—onze nieuwsbrief te versturen.

## Hoe lang
Facturen en de bestellingen waarop ze steunen bewaren we tien jaar na het einde van het boekjaar (Belgische boekhoud- en btw-wetgeving). Accountgegevens worden één jaar na het sluiten van het account verwijderd; vanaf dan noemen de bewaarde bestellingen en offertes uw naam en contactgegevens niet meer. Een uitgereikte factuur wordt nooit gewijzigd.

## Uw rechten
U kunt een kopie van uw gegevens (JSON of CSV) downloaden op uw profielpagina, waar webshopklanten ook hun account sluiten; de beheerder van uw organisatie sluit het account van een lid. U kunt ook inzage, verbetering, verwijdering of een kopie van uw gegevens vragen en bezwaar maken tegen de verwerking door te schrijven naar onze functionaris voor gegevensbescherming via de contactpagina. U kunt ook klacht indienen bij de Belgische Gegevensbeschermingsautoriteit.`,
    fr: `# Politique de confidentialité

Nous traitons les données personnelles des utilisateurs du portail et des boutiques en ligne conformément au RGPD.

## Ce que nous traitons
Nom, adresse e-mail, numéro de téléphone, fonction et organisation des utilisateurs ; adresses de livraison et de facturation ; historique des commandes et des devis ; messages échangés avec votre gestionnaire de dossier ; journaux techniques pour la sécurité.

## Pourquoi
Pour exécuter votre contrat et vos commandes, authentifier les utilisateurs, répondre à vos questions et, uniquement avec votre consentement, envoyer notre lettre d'information.

## Combien de temps
Les factures et les commandes sur lesquelles elles reposent sont conservées dix ans après la fin de l'exercice comptable (droit comptable et TVA belges). Les données de compte sont supprimées un an après la clôture du compte ; dès lors, les commandes et devis conservés ne mentionnent plus votre nom ni vos coordonnées. Une facture émise n'est jamais modifiée.

## Vos droits
Vous pouvez télécharger une copie de vos données (JSON ou CSV) sur votre page de profil, où les clients de la boutique en ligne clôturent aussi leur compte ; l'administrateur de votre organisation clôture le compte d'un membre. Vous pouvez aussi demander l'accès, la rectification, l'effacement ou une copie de vos données, et vous opposer au traitement, en écrivant à notre délégué à la protection des données via la page de contact. Vous pouvez aussi introduire une plainte auprès de l'Autorité belge de protection des données.`,
  },
  {
    key: 'policies.cookie-policy.body',
    en: `# Cookie policy

The portal uses only the cookies it needs to work:

- **tokens**: keeps you signed in (your access and refresh tokens); removed when you log out.
- **locale**: remembers your language for 365 days.

We do not use advertising or tracking cookies. Anonymous usage statistics, if enabled, are collected without cookies.`,
    nl: `# Cookiebeleid

Het portaal gebruikt alleen de cookies die nodig zijn om te werken:

- **tokens**: houdt u aangemeld (uw toegangs- en vernieuwingstokens); verwijderd wanneer u zich afmeldt.
- **locale**: onthoudt uw taal gedurende 365 dagen.

Wij gebruiken geen advertentie- of trackingcookies. Anonieme gebruiksstatistieken worden, indien ingeschakeld, zonder cookies verzameld.`,
    fr: `# Politique en matière de cookies

Le portail n'utilise que les cookies nécessaires à son fonctionnement :

- **tokens** : vous garde connecté (vos jetons d'accès et de rafraîchissement) ; supprimé à la déconnexion.
- **locale** : mémorise votre langue pendant 365 jours.

Nous n'utilisons aucun cookie publicitaire ou de suivi. Les statistiques d'utilisation anonymes, si elles sont activées, sont collectées sans cookies.`,
  },
  {
    key: 'policies.terms-and-conditions.body',
    en: `# Terms and conditions

1. **Scope.** These terms apply to the use of the portal and to every order placed through it. A framework contract or public tender prevails where it differs.
2. **Accounts.** Your organisation's administrator manages its users. Keep your password secret; actions taken with your account are attributed to you.
3. **Orders.** An order is binding once we confirm it. Quotations are valid for 30 days unless stated otherwise; a sent quotation can no longer be edited.
4. **Delivery and risk.** Risk passes on delivery. Please confirm delivery in the portal when your parcel arrives.
5. **Payment.** Invoices are payable within the term of your contract (30 days by default). Web-shop orders are paid at checkout.
6. **Export control.** Some products are subject to export and end-use rules. We may ask for an end-user certificate and refuse orders that do not comply.
7. **Liability.** Our liability is limited to the value of the order concerned, except for intent or gross negligence.`,
    nl: `# Algemene voorwaarden

1. **Toepassing.** Deze voorwaarden gelden voor het gebruik van het portaal en voor elke bestelling die erin geplaatst wordt. Een raamcontract of overheidsopdracht heeft voorrang waar het afwijkt.
2. **Accounts.** De beheerder van uw organisatie beheert haar gebruikers. Houd uw wachtwoord geheim; handelingen met uw account worden aan u toegeschreven.
3. **Bestellingen.** Een bestelling is bindend zodra wij ze bevestigen. Offertes zijn 30 dagen geldig tenzij anders vermeld; een verzonden offerte kan niet meer worden gewijzigd.
4. **Levering en risico.** Het risico gaat over bij levering. Bevestig de levering in het portaal wanneer uw pakket aankomt.
5. **Betaling.** Facturen zijn betaalbaar binnen de termijn van uw contract (standaard 30 dagen). Webshopbestellingen worden bij het afrekenen betaald.
6. **Exportcontrole.** Sommige producten vallen onder export- en eindgebruiksregels. Wij kunnen een eindgebruikersverklaring vragen en bestellingen weigeren die niet in orde zijn.
7. **Aansprakelijkheid.** Onze aansprakelijkheid is beperkt tot de waarde van de betrokken bestelling, behalve bij opzet of grove nalatigheid.`,
    fr: `# Conditions générales

1. **Champ d'application.** Les présentes conditions s'appliquent à l'utilisation du portail et à chaque commande passée par celui-ci. Un contrat-cadre ou un marché public prévaut en cas de divergence.
2. **Comptes.** L'administrateur de votre organisation gère ses utilisateurs. Gardez votre mot de passe secret ; les actions effectuées avec votre compte vous sont imputées.
3. **Commandes.** Une commande est ferme dès que nous la confirmons. Les devis sont valables 30 jours sauf mention contraire ; un devis envoyé ne peut plus être modifié.
4. **Livraison et risques.** Le risque est transféré à la livraison. Veuillez confirmer la livraison dans le portail à la réception de votre colis.
5. **Paiement.** Les factures sont payables dans le délai de votre contrat (30 jours par défaut). Les commandes de la boutique en ligne sont payées lors de la commande.
6. **Contrôle des exportations.** Certains produits sont soumis à des règles d'exportation et d'utilisation finale. Nous pouvons demander un certificat d'utilisateur final et refuser les commandes non conformes.
7. **Responsabilité.** Notre responsabilité est limitée à la valeur de la commande concernée, sauf en cas de dol ou de faute grave.`,
  },
];
