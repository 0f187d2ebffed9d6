// Access policy of the procurement orders (issue 34, decision 053).
// - The cXML OrderRequest reads no token: its Sender credential authenticates it. The matrix's
//   document names an identity that does not exist, so every caller gets the same 401 (cXML).
// - The Peppol Order comes from the access point, an integration client with peppol:receive. The
//   matrix's order names a buyer party no organisation is: the client's order is rejected (RE, 200),
//   nothing is placed.
// - The staff's list of received Peppol orders: staff only, each sees their organisations' orders.
import { everyone, integration, staffOnly, type AccessTable } from '../access-policy';

const MATRIX_CXML_ORDER = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.014/cXML.dtd">
<cXML payloadID="matrix@buyer.example" timestamp="2026-11-27T10:00:00+01:00">
  <Header><From><Credential domain="NetworkID"><Identity>MATRIX</Identity></Credential></From><To><Credential domain="DUNS"><Identity>1</Identity></Credential></To>
    <Sender><Credential domain="NetworkID"><Identity>MATRIX-NOBODY</Identity><SharedSecret>not-the-secret</SharedSecret></Credential><UserAgent>matrix</UserAgent></Sender></Header>
  <Request><OrderRequest><OrderRequestHeader orderID="MATRIX-1" type="new"/>
    <ItemOut quantity="1" lineNumber="1"><ItemID><SupplierPartID>MATRIX</SupplierPartID></ItemID></ItemOut></OrderRequest></Request>
</cXML>`;

const MATRIX_PEPPOL_ORDER = `<?xml version="1.0" encoding="UTF-8"?>
<Order xmlns="urn:oasis:names:specification:ubl:schema:xsd:Order-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:CustomizationID>urn:fdc:peppol.eu:poacc:trns:order:3</cbc:CustomizationID>
  <cbc:ProfileID>urn:fdc:peppol.eu:poacc:bis:ordering:3</cbc:ProfileID>
  <cbc:ID>MATRIX-1</cbc:ID>
  <cbc:IssueDate>2026-11-27</cbc:IssueDate>
  <cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>
  <cac:BuyerCustomerParty><cac:Party><cbc:EndpointID schemeID="0088">7300010000001</cbc:EndpointID><cac:PartyLegalEntity><cbc:RegistrationName>Nobody</cbc:RegistrationName></cac:PartyLegalEntity></cac:Party></cac:BuyerCustomerParty>
  <cac:SellerSupplierParty><cac:Party><cbc:EndpointID schemeID="0208">0999999922</cbc:EndpointID></cac:Party></cac:SellerSupplierParty>
  <cac:OrderLine><cac:LineItem><cbc:ID>1</cbc:ID><cbc:Quantity unitCode="C62">1</cbc:Quantity><cac:Item><cbc:Name>Matrix</cbc:Name><cac:SellersItemIdentification><cbc:ID>MATRIX</cbc:ID></cac:SellersItemIdentification></cac:Item></cac:LineItem></cac:OrderLine>
</Order>`;

export const procurementOrdersAccess: AccessTable = {
  'POST /api/punchout/cxml/order': {
    request: () => ({ headers: { 'content-type': 'text/xml' }, payload: MATRIX_CXML_ORDER }),
    expect: everyone(401),
    forged: 'ignored',
  },
  'POST /api/integration/v1/peppol/orders': {
    request: () => ({ headers: { 'content-type': 'application/xml' }, payload: MATRIX_PEPPOL_ORDER }),
    expect: integration(200),
    forged: 401,
  },
  'GET /api/v1/staff/procurement/peppol-orders': { expect: staffOnly(200), forged: 401 },
};
