import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import * as CERTIFICATES from "~/lib/messages/certificates";
import { type CertificatePdfInput, certificateFields, certificatePdf } from "./certificate-pdf";

const INPUT: CertificatePdfInput = {
  id: "c-1",
  purchaserName: "Ace Mart LLC",
  purchaserStreet: "100 Main St",
  purchaserCity: "Dallas",
  purchaserState: "TX",
  purchaserZip: "75201",
  purchaserPhone: "214-555-0100",
  permitNumber: "32012345678",
  permitPendingReason: null,
  businessDescription: "Convenience store",
  itemsDescription: "Vapes and glass",
  productClasses: ["nicotine-vape", "glass"],
  seller: { name: "Big D Wholesale", address: "1 Commerce St, Dallas, TX 75202" },
  signerName: "Olga Owner",
  signerTitle: "President",
  signedOn: "2026-11-23",
  signature: { kind: "typed", text: "Olga Owner" },
};

async function text(bytes: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text.replace(/\s+/g, " ");
}

describe("the resale certificate PDF (Form 01-339)", () => {
  it("has every field of the form: purchaser, permit, business, seller, items, certification, signature, signer, date", async () => {
    const shown = await text(await certificatePdf(INPUT));
    for (const [label, value] of certificateFields(INPUT)) {
      expect(shown).toContain(label);
      expect(shown).toContain(value);
    }
    expect(shown).toContain("Nicotine vape, Glass");
    expect(shown).toContain("Big D Wholesale");
    expect(shown).toContain("President");
    expect(shown).toContain("2026-11-23");
    // The certification, word for word (the extracted text breaks lines at spaces).
    expect(shown).toContain(CERTIFICATES.certify.slice(0, 60));
    expect(shown).toContain("typed name");
  });

  it("says a pending permit's reason where the number would be", async () => {
    const shown = await text(
      await certificatePdf({ ...INPUT, permitNumber: null, permitPendingReason: "Applied on 2026-11-01" }),
    );
    expect(shown).toContain("Pending: Applied on 2026-11-01");
    expect(shown).not.toContain("32012345678");
  });
});
