// An address as a procurement document names it (cXML ShipTo/BillTo, UBL DeliveryLocation): matched
// against the organisation's address book (orders/addresses.ts), never stored as sent.
export interface DocumentAddress {
  /** The buyer system's id of the address (cXML addressID, UBL DeliveryLocation/ID). */
  id: string | null;
  street: string | null;
  postalCode: string | null;
  city: string | null;
  country: string | null;
}
