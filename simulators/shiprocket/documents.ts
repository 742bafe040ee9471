import PDFDocument from 'pdfkit';

export interface PrintedShipment {
  shipmentId: number;
  channelOrderId: string;
  awb: string | null;
  courierName: string | null;
  paymentMethod: string;
  request: Record<string, unknown>;
}

const field = (request: Record<string, unknown>, key: string) => {
  const value = request[key];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
};

/** The PDF's bytes once pdfkit has written them all. */
function render(draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A6', margin: 18, info: { Title: 'Shiprocket simulator', Producer: 'pdfkit' } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  draw(doc);
  doc.end();
  return done;
}

/** One A6 page per shipment: courier, AWB, where it goes, what to collect. */
export function labelPdf(shipments: PrintedShipment[]): Promise<Buffer> {
  return render((doc) => {
    shipments.forEach((shipment, index) => {
      if (index > 0) doc.addPage();
      const { request } = shipment;
      const cod = shipment.paymentMethod.toUpperCase() === 'COD';
      doc.fontSize(8).text('SHIPROCKET SIMULATOR: not a real shipping label');
      doc
        .moveDown(0.5)
        .fontSize(14)
        .text(shipment.courierName ?? 'No courier yet');
      doc.fontSize(18).text(`AWB ${shipment.awb ?? '-'}`);
      doc.moveDown(0.5).fontSize(9).text('Ship to:');
      doc.fontSize(11).text(field(request, 'billing_customer_name'));
      doc.text(field(request, 'billing_address'));
      doc.text(
        `${field(request, 'billing_city')}, ${field(request, 'billing_state')} ${field(request, 'billing_pincode')}`,
      );
      doc.text(`Phone ${field(request, 'billing_phone')}`);
      doc
        .moveDown(0.5)
        .fontSize(12)
        .text(cod ? `COD: collect Rs ${field(request, 'sub_total')}` : 'PREPAID');
      doc.fontSize(9).text(`Order ${shipment.channelOrderId} - shipment ${shipment.shipmentId}`);
      doc.text(`Weight ${field(request, 'weight')} kg`);
    });
  });
}

/** The pickup's manifest: every shipment handed to the couriers together. */
export function manifestPdf(manifestId: string, shipments: PrintedShipment[]): Promise<Buffer> {
  return render((doc) => {
    doc.fontSize(8).text('SHIPROCKET SIMULATOR: not a real manifest');
    doc.moveDown(0.5).fontSize(14).text(`Manifest ${manifestId}`);
    doc.fontSize(9).text(`${shipments.length} shipment(s)`);
    doc.moveDown(0.5);
    for (const shipment of shipments) {
      doc.text(
        `${shipment.awb ?? '-'}  ${shipment.courierName ?? ''}  order ${shipment.channelOrderId}  ` +
          `${shipment.paymentMethod.toUpperCase() === 'COD' ? 'COD' : 'Prepaid'}`,
      );
    }
    doc.moveDown(1).text('Signature of the pickup agent: ____________');
  });
}
