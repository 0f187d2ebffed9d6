// SEO descriptions, short page texts and the route table of spec section 2 / ARCHITECTURE.md.
import type { Entry } from './policies-data';

const seo = (page: string, en: string, nl: string, fr: string): Entry => ({ key: `seo.${page}.description`, en, nl, fr });

export const SEO_ENTRIES: Entry[] = [
  seo('home', 'Customer portal for medical and tactical equipment: your contract range, orders and quotations in one place.', 'Klantenportaal voor medische en tactische uitrusting: uw contractassortiment, bestellingen en offertes op één plek.', 'Portail client pour l’équipement médical et tactique : votre gamme sous contrat, vos commandes et vos devis au même endroit.'),
  seo('dashboard', 'Your dashboard: recent orders, open quotations and messages from your case manager.', 'Uw dashboard: recente bestellingen, openstaande offertes en berichten van uw dossierbeheerder.', 'Votre tableau de bord : commandes récentes, devis en cours et messages de votre gestionnaire de dossier.'),
  seo('login', 'Sign in to the customer portal with your e-mail address and password.', 'Meld u aan op het klantenportaal met uw e-mailadres en wachtwoord.', 'Connectez-vous au portail client avec votre adresse e-mail et votre mot de passe.'),
  seo('register', 'Request a supply contract or create a web-shop account for medical and tactical equipment.', 'Vraag een leveringscontract aan of maak een webshopaccount aan voor medische en tactische uitrusting.', 'Demandez un contrat d’approvisionnement ou créez un compte pour la boutique d’équipement médical et tactique.'),
  seo('verify', 'Enter the verification code we sent you by e-mail or SMS.', 'Voer de verificatiecode in die we u per e-mail of sms stuurden.', 'Saisissez le code de vérification envoyé par e-mail ou SMS.'),
  seo('forgot-password', 'Forgot your password? Request a link to choose a new one.', 'Wachtwoord vergeten? Vraag een link aan om een nieuw te kiezen.', 'Mot de passe oublié ? Demandez un lien pour en choisir un nouveau.'),
  seo('reset-password', 'Choose a new password for your portal account.', 'Kies een nieuw wachtwoord voor uw portaalaccount.', 'Choisissez un nouveau mot de passe pour votre compte.'),
  seo('products', 'Protective gear, lights, communication, field equipment and tactical medicine from trusted brands.', 'Beschermingsmiddelen, verlichting, communicatie, veldmateriaal en tactische geneeskunde van betrouwbare merken.', 'Équipements de protection, éclairage, communication, équipement de terrain et médecine tactique de marques de confiance.'),
  seo('my-products', 'The products and bundles of your contract, with your contract prices and stock.', 'De producten en bundels van uw contract, met uw contractprijzen en voorraad.', 'Les produits et lots de votre contrat, avec vos prix contractuels et le stock.'),
  seo('product', 'Specifications, stock, price and technical sheet of this product.', 'Specificaties, voorraad, prijs en technische fiche van dit product.', 'Caractéristiques, stock, prix et fiche technique de ce produit.'),
  seo('quick-order', 'Order quickly by article code or NSN, or paste a list.', 'Bestel snel op artikelcode of NSN, of plak een lijst.', 'Commandez rapidement par code article ou NSN, ou collez une liste.'),
  seo('my-orders', 'Track your orders, confirm deliveries and order again.', 'Volg uw bestellingen, bevestig leveringen en bestel opnieuw.', 'Suivez vos commandes, confirmez les livraisons et commandez à nouveau.'),
  seo('order', 'Status, lines and messages of your order.', 'Status, lijnen en berichten van uw bestelling.', 'Statut, lignes et messages de votre commande.'),
  seo('quotations', 'Prepare and send quotation requests for your organisation.', 'Stel offerteaanvragen op en verstuur ze voor uw organisatie.', 'Préparez et envoyez des demandes de devis pour votre organisation.'),
  seo('invoices', 'Your invoices and credit notes: what is open, paid or overdue, with the PDF and the e-invoice of each.', 'Uw facturen en creditnota\'s: wat openstaat, betaald of vervallen is, met van elk de pdf en de e-factuur.', 'Vos factures et notes de crédit : ce qui est ouvert, payé ou en retard, avec le PDF et la facture électronique de chacune.'),
  seo('invoice', 'An invoice or credit note: how to pay it, what it bills and its documents.', 'Een factuur of creditnota: hoe u ze betaalt, wat ze factureert en haar documenten.', 'Une facture ou une note de crédit : comment la payer, ce qu’elle facture et ses documents.'),
  seo('checkout', 'Review your cart, choose delivery and place your order.', 'Controleer uw winkelmandje, kies de levering en plaats uw bestelling.', 'Vérifiez votre panier, choisissez la livraison et passez commande.'),
  seo('user-info', 'Your profile and your organisation’s delivery and invoice addresses.', 'Uw profiel en de leverings- en factuuradressen van uw organisatie.', 'Votre profil et les adresses de livraison et de facturation de votre organisation.'),
  seo('contract', 'Your contract, its conditions and your customer number.', 'Uw contract, de voorwaarden en uw klantnummer.', 'Votre contrat, ses conditions et votre numéro client.'),
  seo('users', 'Manage the users of your organisation.', 'Beheer de gebruikers van uw organisatie.', 'Gérez les utilisateurs de votre organisation.'),
  seo('contact', 'Contact our customer service or your case manager.', 'Neem contact op met onze klantendienst of uw dossierbeheerder.', 'Contactez notre service clientèle ou votre gestionnaire de dossier.'),
  seo('newsletter', 'Sign up for news about our products and offers; you confirm by email first.', 'Schrijf u in voor nieuws over onze producten en aanbiedingen; u bevestigt eerst per e-mail.', 'Inscrivez-vous pour recevoir nos nouvelles sur les produits et les offres ; vous confirmez d’abord par e-mail.'),
  seo('about', 'A supplier of medical and tactical equipment for hospitals, emergency services, police and defence.', 'Leverancier van medische en tactische uitrusting voor ziekenhuizen, hulpdiensten, politie en defensie.', 'Fournisseur d’équipement médical et tactique pour hôpitaux, services de secours, police et défense.'),
  seo('faq', 'Answers to common questions about accounts, orders, delivery and returns.', 'Antwoorden op veelgestelde vragen over accounts, bestellingen, levering en retours.', 'Réponses aux questions fréquentes sur les comptes, commandes, livraisons et retours.'),
  seo('privacy-policy', 'How we process your personal data and what your rights are.', 'Hoe wij uw persoonsgegevens verwerken en wat uw rechten zijn.', 'Comment nous traitons vos données personnelles et quels sont vos droits.'),
  seo('terms-and-conditions', 'The terms that apply to the portal and to your orders.', 'De voorwaarden die gelden voor het portaal en uw bestellingen.', 'Les conditions applicables au portail et à vos commandes.'),
  seo('refund-policy', 'When and how we refund returned products.', 'Wanneer en hoe wij geretourneerde producten terugbetalen.', 'Quand et comment nous remboursons les produits retournés.'),
  seo('return-policy', 'How to return products within 30 days.', 'Hoe u producten binnen 30 dagen terugstuurt.', 'Comment retourner des produits dans les 30 jours.'),
  seo('general-policy', 'The general terms for quotations, orders and deliveries.', 'De algemene voorwaarden voor offertes, bestellingen en leveringen.', 'Les conditions générales des devis, commandes et livraisons.'),
  seo('shipping-policy', 'Delivery countries, shipping methods, times and costs.', 'Leveringslanden, verzendmethoden, levertijden en kosten.', 'Pays de livraison, modes, délais et frais d’expédition.'),
  seo('cookie-policy', 'The cookies the portal uses and why.', 'De cookies die het portaal gebruikt en waarom.', 'Les cookies utilisés par le portail et pourquoi.'),
];

export const PAGE_ENTRIES: Entry[] = [
  {
    key: 'content.about.body',
    en: 'We equip hospitals, emergency medical services, police and defence units in Belgium and the Netherlands with protective gear, lights, communication, field equipment and tactical medicine. Every customer has a case manager who knows the contract and follows up each order.',
    nl: 'Wij rusten ziekenhuizen, medische hulpdiensten, politie- en defensie-eenheden in België en Nederland uit met beschermingsmiddelen, verlichting, communicatie, veldmateriaal en tactische geneeskunde. Elke klant heeft een dossierbeheerder die het contract kent en elke bestelling opvolgt.',
    fr: 'Nous équipons les hôpitaux, les services médicaux d’urgence, la police et les unités de défense en Belgique et aux Pays-Bas en protections, éclairage, communication, équipement de terrain et médecine tactique. Chaque client dispose d’un gestionnaire de dossier qui connaît le contrat et suit chaque commande.',
  },
  {
    key: 'content.faq.account',
    en: '**Who creates accounts for my colleagues?** The administrator of your organisation adds and removes users under User info → Users.',
    nl: '**Wie maakt accounts aan voor mijn collega’s?** De beheerder van uw organisatie voegt gebruikers toe en verwijdert ze onder Gebruikersinfo → Gebruikers.',
    fr: '**Qui crée les comptes de mes collègues ?** L’administrateur de votre organisation ajoute et supprime les utilisateurs sous Infos utilisateur → Utilisateurs.',
  },
  {
    key: 'content.faq.not-within-contract',
    en: '**Why is a product marked “Not within contract”?** It is not part of your organisation’s contract price list. You can still request a quotation for it.',
    nl: '**Waarom staat bij een product “Niet binnen contract”?** Het maakt geen deel uit van de contractprijslijst van uw organisatie. U kunt er wel een offerte voor aanvragen.',
    fr: '**Pourquoi un produit est-il marqué « Hors contrat » ?** Il ne fait pas partie de la liste de prix du contrat de votre organisation. Vous pouvez néanmoins demander un devis.',
  },
  {
    key: 'content.faq.delivery',
    en: '**When do I confirm delivery?** When tracking shows your parcel as delivered, the portal asks you to confirm it under My orders.',
    nl: '**Wanneer bevestig ik een levering?** Zodra de tracking uw pakket als geleverd toont, vraagt het portaal u dit te bevestigen onder Mijn bestellingen.',
    fr: '**Quand dois-je confirmer la livraison ?** Lorsque le suivi indique que votre colis est livré, le portail vous demande de le confirmer sous Mes commandes.',
  },
  {
    key: 'content.example.body',
    en: 'This example page shows how the portal presents server-managed texts: the legal and support teams edit them without a release, in English, Dutch and French.',
    nl: 'Deze voorbeeldpagina toont hoe het portaal teksten uit het beheer toont: de juridische en supportteams passen ze aan zonder nieuwe release, in het Engels, Nederlands en Frans.',
    fr: 'Cette page d’exemple montre comment le portail affiche les textes gérés sur le serveur : les équipes juridique et support les modifient sans nouvelle version, en anglais, néerlandais et français.',
  },
  {
    key: 'content.shipping.free-from',
    en: 'Free shipping from €250 excl. VAT in Belgium and the Netherlands',
    nl: 'Gratis verzending vanaf € 250 excl. btw in België en Nederland',
    fr: 'Livraison gratuite dès 250 € HTVA en Belgique et aux Pays-Bas',
  },
];

type Rule = { pattern: string; middleware?: string[]; redirect?: { to: string; type: 'internal' | 'external'; status: 301 | 302 | 307 | 308 } };

const auth = (...patterns: string[]): Rule[] => patterns.map((pattern) => ({ pattern, middleware: ['auth'] }));
const open = (...patterns: string[]): Rule[] => patterns.map((pattern) => ({ pattern, middleware: [] }));

/** The route table (paths without locale prefix): ARCHITECTURE.md "Routes and their owners". */
export const ROUTE_TABLE: Rule[] = [
  // `/` is open: the shell shows the dashboard to a signed-in buyer and the public home, which
  // points to both web shops, to a visitor (docs/decisions/004-routing-and-mounts.md).
  ...open('/'),
  ...auth('/user/info', '/user/contract', '/user/users', '/user/users/new', '/user/users/:id', '/contact'),
  ...auth('/my-orders', '/my-orders/:slug', '/quotations', '/quotations/:id', '/invoices', '/invoices/:id', '/my-products', '/my-products/:slug', '/quick-order'),
  { pattern: '/auth/login', middleware: ['guest'] },
  { pattern: '/auth/register', middleware: ['guest'] },
  ...open('/auth/verify', '/auth/reset-password', '/auth/forgot-password'),
  ...open('/checkout/overview', '/checkout/extra-info', '/checkout/personal-info', '/checkout/order/:orderId'),
  ...open('/products', '/products/:slug', '/about', '/example', '/privacy-policy', '/terms-and-conditions', '/faq', '/newsletter'),
  ...open(
    '/policies/refund-policy',
    '/policies/return-policy',
    '/policies/general-policy',
    '/policies/privacy-policy',
    '/policies/shipping-policy',
    '/policies/cookie-policy',
  ),
  // Layout parents without a page of their own go to their first child.
  { pattern: '/auth', redirect: { to: '/auth/login', type: 'internal', status: 302 } },
  { pattern: '/user', middleware: ['auth'], redirect: { to: '/user/info', type: 'internal', status: 302 } },
  { pattern: '/policies', redirect: { to: '/policies/general-policy', type: 'internal', status: 302 } },
  // Example redirects: an old path, and the two public web shops (external).
  { pattern: '/orders', redirect: { to: '/my-orders', type: 'internal', status: 301 } },
  { pattern: '/orders/:slug', redirect: { to: '/my-orders/:slug', type: 'internal', status: 301 } },
  { pattern: '/webshop/medical', redirect: { to: 'https://medical.shop.example/', type: 'external', status: 302 } },
  { pattern: '/webshop/tactical', redirect: { to: 'https://tactical.shop.example/', type: 'external', status: 302 } },
];
