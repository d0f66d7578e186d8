import { stationLinks } from "#schema/station-links.ts";
import "./licences.css";

/** The licensing numbers of the two rights organisations. */
export function Licences() {
  return (
    <dl className="licences">
      {stationLinks.licences.map((licence) => (
        <div key={licence.organisation}>
          <dt>{licence.organisation}</dt>
          <dd>{licence.number}</dd>
        </div>
      ))}
    </dl>
  );
}
