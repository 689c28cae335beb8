import type { Catalogue } from './index.js';

/** German: every English text of the namespace index and /doc, keyed by the English (msgid). */
export const de_DE: Catalogue = {
  // The document itself
  'The Events Calendar REST API': 'Die REST-API von The Events Calendar',
  'The Events Calendar REST API allows accessing upcoming events information easily and conveniently.':
    'Die REST-API von The Events Calendar ermöglicht einen einfachen und bequemen Zugriff auf Informationen zu bevorstehenden Veranstaltungen.',
  'No description provided': 'Keine Beschreibung vorhanden',

  // components.schemas (response objects)
  'The image width in pixels in the specified size': 'Die Bildbreite in Pixeln in der angegebenen Größe',
  'The image height in pixels in the specified size': 'Die Bildhöhe in Pixeln in der angegebenen Größe',
  'The image mime-type': 'Der MIME-Typ des Bildes',
  'The link to the image in the specified size on the site':
    'Der Link zum Bild in der angegebenen Größe auf der Website',
  'The cost currency symbol': 'Das Währungssymbol der Kosten',
  'The position of the currency symbol in the cost string': 'Die Position des Währungssymbols in der Kostenangabe',
  'A sorted array of all the numeric values for the cost': 'Ein sortiertes Array aller Zahlenwerte der Kosten',
  'The WordPress term ID': 'Die WordPress-ID des Begriffs',
  'The term name': 'Der Name des Begriffs',
  'The term slug': 'Die Titelform (Slug) des Begriffs',
  'The taxonomy the term belongs to': 'Die Taxonomie, zu der der Begriff gehört',
  'The term description': 'Die Beschreibung des Begriffs',
  'The term parent term if any': 'Der übergeordnete Begriff, falls vorhanden',
  'The number of posts associated with the term': 'Die Anzahl der Beiträge, die dem Begriff zugeordnet sind',
  'The URL to the term archive page': 'Die URL der Archivseite des Begriffs',
  'A list of links to the term own, archive and parent REST URL':
    'Eine Liste der Links zur eigenen, zur Archiv- und zur übergeordneten REST-URL des Begriffs',
  'The URL to the full size version of the image': 'Die URL zur Version des Bildes in voller Größe',
  'The image WordPress post ID': 'Die WordPress-Beitrags-ID des Bildes',
  'The image file extension': 'Die Dateiendung des Bildes',
  'The image natural width in pixels': 'Die natürliche Breite des Bildes in Pixeln',
  'The image natural height in pixels': 'Die natürliche Höhe des Bildes in Pixeln',
  'The details about each size available for the image': 'Die Angaben zu jeder verfügbaren Größe des Bildes',
  'The date year': 'Das Jahr des Datums',
  'The date month': 'Der Monat des Datums',
  'The date day': 'Der Tag des Datums',
  'The date hour': 'Die Stunde des Datums',
  'The date minutes': 'Die Minuten des Datums',
  'The date seconds': 'Die Sekunden des Datums',
  'The event WordPress post ID': 'Die WordPress-Beitrags-ID der Veranstaltung',
  'The event ID used to globally identify in Event Aggregator':
    'Die ID, mit der die Veranstaltung im Event Aggregator global identifiziert wird',
  'An Array containing the lineage of where this event comes from, this should not change after the event is created.':
    'Ein Array mit der Herkunftskette dieser Veranstaltung; es sollte sich nach dem Erstellen der Veranstaltung nicht mehr ändern.',
  'The event author WordPress post ID': 'Die WordPress-ID des Autors der Veranstaltung',
  'The event creation date in the site time zone': 'Das Erstellungsdatum der Veranstaltung in der Zeitzone der Website',
  'The event creation date in UTC time': 'Das Erstellungsdatum der Veranstaltung in UTC',
  'The event last modification date in the site time zone':
    'Das Datum der letzten Änderung der Veranstaltung in der Zeitzone der Website',
  'The event last modification date in UTC time': 'Das Datum der letzten Änderung der Veranstaltung in UTC',
  'The event status': 'Der Status der Veranstaltung',
  'The URL to the event page': 'Die URL der Veranstaltungsseite',
  'The TEC REST API link to fetch this event': 'Der Link der TEC-REST-API, um diese Veranstaltung abzurufen',
  'The event name': 'Der Name der Veranstaltung',
  'The event long description': 'Die ausführliche Beschreibung der Veranstaltung',
  'The event short description': 'Die Kurzbeschreibung der Veranstaltung',
  'The event slug': 'Die Titelform (Slug) der Veranstaltung',
  'The event featured image details if set': 'Die Angaben zum Beitragsbild der Veranstaltung, falls festgelegt',
  'Whether or not this event is an all day Event': 'Ob diese Veranstaltung ganztägig ist oder nicht',
  'The event start date in the event or site time zone':
    'Das Startdatum der Veranstaltung in der Zeitzone der Veranstaltung oder der Website',
  'An array of each component of the event start date':
    'Ein Array mit den einzelnen Bestandteilen des Startdatums der Veranstaltung',
  'The event end date in the event or site time zone':
    'Das Enddatum der Veranstaltung in der Zeitzone der Veranstaltung oder der Website',
  'An array of each component of the event end date':
    'Ein Array mit den einzelnen Bestandteilen des Enddatums der Veranstaltung',
  'The event start date in UTC time': 'Das Startdatum der Veranstaltung in UTC',
  'An array of each component of the event start date in UTC time':
    'Ein Array mit den einzelnen Bestandteilen des Startdatums der Veranstaltung in UTC',
  'The event end date in UTC time': 'Das Enddatum der Veranstaltung in UTC',
  'An array of each component of the event end date in UTC time':
    'Ein Array mit den einzelnen Bestandteilen des Enddatums der Veranstaltung in UTC',
  'The event time zone string': 'Die Zeitzonenangabe der Veranstaltung',
  'The abbreviated event time zone string': 'Die abgekürzte Zeitzonenangabe der Veranstaltung',
  'The event cost including the currency symbol': 'Die Kosten der Veranstaltung einschließlich Währungssymbol',
  'The event cost details': 'Die Kostenangaben der Veranstaltung',
  'The event website URL': 'Die Website-URL der Veranstaltung',
  'Whether the map should be shown for the event or not':
    'Ob für die Veranstaltung eine Karte angezeigt werden soll oder nicht',
  'Whether the map link should be shown for the event or not':
    'Ob für die Veranstaltung ein Kartenlink angezeigt werden soll oder nicht',
  'Whether an event should be hidden from the calendar view or not':
    'Ob eine Veranstaltung in der Kalenderansicht ausgeblendet werden soll oder nicht',
  'Whether an event is sticky in the calendar view or not':
    'Ob eine Veranstaltung in der Kalenderansicht oben gehalten wird oder nicht',
  'Whether the event is featured in the calendar or not':
    'Ob die Veranstaltung im Kalender hervorgehoben ist oder nicht',
  'The event categories': 'Die Kategorien der Veranstaltung',
  'The event tags': 'Die Schlagwörter der Veranstaltung',
  'The event venue': 'Der Veranstaltungsort der Veranstaltung',
  'The event organizers': 'Die Veranstalter der Veranstaltung',
  'The venue WordPress post ID': 'Die WordPress-Beitrags-ID des Veranstaltungsortes',
  'The venue ID used to globally identify in Event Aggregator':
    'Die ID, mit der der Veranstaltungsort im Event Aggregator global identifiziert wird',
  'An Array containing the lineage of where this organizer comes from, this should not change after the organizer is created.':
    'Ein Array mit der Herkunftskette dieses Veranstalters; es sollte sich nach dem Erstellen des Veranstalters nicht mehr ändern.',
  'The venue author WordPress post ID': 'Die WordPress-ID des Autors des Veranstaltungsortes',
  'The venue creation date in the site time zone':
    'Das Erstellungsdatum des Veranstaltungsortes in der Zeitzone der Website',
  'The venue creation date in UTC time': 'Das Erstellungsdatum des Veranstaltungsortes in UTC',
  'The venue last modification date in the site time zone':
    'Das Datum der letzten Änderung des Veranstaltungsortes in der Zeitzone der Website',
  'The venue last modification date in UTC time': 'Das Datum der letzten Änderung des Veranstaltungsortes in UTC',
  'The venue status': 'Der Status des Veranstaltungsortes',
  'The URL to the venue page': 'Die URL der Seite des Veranstaltungsortes',
  'The venue name': 'Der Name des Veranstaltungsortes',
  'The venue long description': 'Die ausführliche Beschreibung des Veranstaltungsortes',
  'The venue short description': 'Die Kurzbeschreibung des Veranstaltungsortes',
  'The venue slug': 'Die Titelform (Slug) des Veranstaltungsortes',
  'Whether the map should be shown for the venue or not':
    'Ob für den Veranstaltungsort eine Karte angezeigt werden soll oder nicht',
  'Whether the map link should be shown for the venue or not':
    'Ob für den Veranstaltungsort ein Kartenlink angezeigt werden soll oder nicht',
  'The venue address': 'Die Adresse des Veranstaltungsortes',
  'The venue city': 'Die Stadt des Veranstaltungsortes',
  'The venue country': 'Das Land des Veranstaltungsortes',
  'The venue province': 'Die Provinz des Veranstaltungsortes',
  'The venue state': 'Der Bundesstaat des Veranstaltungsortes',
  'The venue ZIP code': 'Die Postleitzahl des Veranstaltungsortes',
  'The venue phone number': 'Die Telefonnummer des Veranstaltungsortes',
  'The venue website URL': 'Die Website-URL des Veranstaltungsortes',
  'The venue state or province': 'Der Bundesstaat oder die Provinz des Veranstaltungsortes',
  'The venue geo latitude': 'Der geografische Breitengrad des Veranstaltungsortes',
  'The venue geo longitude': 'Der geografische Längengrad des Veranstaltungsortes',
  'The organizer WordPress post ID': 'Die WordPress-Beitrags-ID des Veranstalters',
  'The organizer ID used to globally identify in Event Aggregator':
    'Die ID, mit der der Veranstalter im Event Aggregator global identifiziert wird',
  'The organizer author WordPress post ID': 'Die WordPress-ID des Autors des Veranstalters',
  'The organizer creation date in the site time zone':
    'Das Erstellungsdatum des Veranstalters in der Zeitzone der Website',
  'The organizer creation date in UTC time': 'Das Erstellungsdatum des Veranstalters in UTC',
  'The organizer last modification date in the site time zone':
    'Das Datum der letzten Änderung des Veranstalters in der Zeitzone der Website',
  'The organizer last modification date in UTC time': 'Das Datum der letzten Änderung des Veranstalters in UTC',
  'The organizer status': 'Der Status des Veranstalters',
  'The URL to the organizer page': 'Die URL der Seite des Veranstalters',
  'The organizer name': 'Der Name des Veranstalters',
  'The organizer long description': 'Die ausführliche Beschreibung des Veranstalters',
  'The organizer short description': 'Die Kurzbeschreibung des Veranstalters',
  'The organizer slug': 'Die Titelform (Slug) des Veranstalters',
  'The organizer phone number': 'Die Telefonnummer des Veranstalters',
  'The organizer website': 'Die Website des Veranstalters',
  'The organizer email address': 'Die E-Mail-Adresse des Veranstalters',

  // Response descriptions
  'Returns the data of the event with the specified post ID':
    'Gibt die Daten der Veranstaltung mit der angegebenen Beitrags-ID zurück',
  'The event post ID is missing.': 'Die Beitrags-ID der Veranstaltung fehlt.',
  'The event with the specified ID is not accessible.':
    'Auf die Veranstaltung mit der angegebenen ID kann nicht zugegriffen werden.',
  'An event with the specified ID does not exist.': 'Eine Veranstaltung mit der angegebenen ID existiert nicht.',
  'Returns the data of the updated event': 'Gibt die Daten der aktualisierten Veranstaltung zurück',
  'Returns the data of the created event': 'Gibt die Daten der erstellten Veranstaltung zurück',
  'The user is not authorized to create events': 'Der Benutzer ist nicht berechtigt, Veranstaltungen zu erstellen',
  'Deletes an event and returns its data': 'Löscht eine Veranstaltung und gibt ihre Daten zurück',
  'The event post ID is missing or does not exist.': 'Die Beitrags-ID der Veranstaltung fehlt oder existiert nicht.',
  'The current user cannot delete the event with the specified ID.':
    'Der aktuelle Benutzer kann die Veranstaltung mit der angegebenen ID nicht löschen.',
  'The event with the specified ID has been deleted already.':
    'Die Veranstaltung mit der angegebenen ID wurde bereits gelöscht.',
  'The event with the specified ID could not be deleted.':
    'Die Veranstaltung mit der angegebenen ID konnte nicht gelöscht werden.',
  'Returns the data of the venue with the specified post ID':
    'Gibt die Daten des Veranstaltungsortes mit der angegebenen Beitrags-ID zurück',
  'The venue post ID is missing.': 'Die Beitrags-ID des Veranstaltungsortes fehlt.',
  'The venue with the specified ID is not accessible.':
    'Auf den Veranstaltungsort mit der angegebenen ID kann nicht zugegriffen werden.',
  'A venue with the specified post ID does not exist.':
    'Ein Veranstaltungsort mit der angegebenen Beitrags-ID existiert nicht.',
  'Returns the data of the updated venue': 'Gibt die Daten des aktualisierten Veranstaltungsortes zurück',
  'Returns the data of the created venue': 'Gibt die Daten des erstellten Veranstaltungsortes zurück',
  'The user is not authorized to create venues': 'Der Benutzer ist nicht berechtigt, Veranstaltungsorte zu erstellen',
  'Deletes a venue and returns its data': 'Löscht einen Veranstaltungsort und gibt seine Daten zurück',
  'The venue post ID is missing or does not exist.':
    'Die Beitrags-ID des Veranstaltungsortes fehlt oder existiert nicht.',
  'The current user cannot delete the venue with the specified ID.':
    'Der aktuelle Benutzer kann den Veranstaltungsort mit der angegebenen ID nicht löschen.',
  'The venue with the specified ID has been deleted already.':
    'Der Veranstaltungsort mit der angegebenen ID wurde bereits gelöscht.',
  'The venue with the specified ID could not be deleted.':
    'Der Veranstaltungsort mit der angegebenen ID konnte nicht gelöscht werden.',
  'Returns the data of the organizer with the specified post ID':
    'Gibt die Daten des Veranstalters mit der angegebenen Beitrags-ID zurück',
  'The organizer post ID is missing.': 'Die Beitrags-ID des Veranstalters fehlt.',
  'The organizer with the specified ID is not accessible.':
    'Auf den Veranstalter mit der angegebenen ID kann nicht zugegriffen werden.',
  'An organizer with the specified event does not exist.':
    'Ein Veranstalter mit der angegebenen Veranstaltung existiert nicht.',
  'Returns the data of the created organizer': 'Gibt die Daten des erstellten Veranstalters zurück',
  'The user is not authorized to create organizers': 'Der Benutzer ist nicht berechtigt, Veranstalter zu erstellen',
  'Deletes an organizer and returns its data': 'Löscht einen Veranstalter und gibt seine Daten zurück',
  'The organizer post ID is missing or does not exist.':
    'Die Beitrags-ID des Veranstalters fehlt oder existiert nicht.',
  'The current user cannot delete the organizer with the specified ID.':
    'Der aktuelle Benutzer kann den Veranstalter mit der angegebenen ID nicht löschen.',
  'The organizer with the specified ID has been deleted already.':
    'Der Veranstalter mit der angegebenen ID wurde bereits gelöscht.',
  'The organizer with the specified ID could not be deleted.':
    'Der Veranstalter mit der angegebenen ID konnte nicht gelöscht werden.',
  'Returns the documentation for The Events Calendar REST API in Swagger consumable format.':
    'Gibt die Dokumentation der REST-API von The Events Calendar in einem für Swagger lesbaren Format zurück.',
  'Returns all the upcoming events matching the search criteria':
    'Gibt alle bevorstehenden Veranstaltungen zurück, die den Suchkriterien entsprechen',
  'The requested page was not found.': 'Die angeforderte Seite wurde nicht gefunden.',
  'One or more of the specified query variables has a bad format':
    'Eine oder mehrere der angegebenen Abfragevariablen haben ein ungültiges Format',
  'A required parameter is missing or an input parameter is in the wrong format':
    'Ein erforderlicher Parameter fehlt oder ein Eingabeparameter hat das falsche Format',
  'Returns all the venues matching the search criteria':
    'Gibt alle Veranstaltungsorte zurück, die den Suchkriterien entsprechen',
  'Returns all the organizers matching the search criteria':
    'Gibt alle Veranstalter zurück, die den Suchkriterien entsprechen',
  'Returns all the event categories matching the search criteria':
    'Gibt alle Veranstaltungskategorien zurück, die den Suchkriterien entsprechen',
  'Returns the data of the event category with the specified term ID':
    'Gibt die Daten der Veranstaltungskategorie mit der angegebenen Begriffs-ID zurück',
  'The event category term ID is missing.': 'Die Begriffs-ID der Veranstaltungskategorie fehlt.',
  'An event category with the specified term ID does not exist.':
    'Eine Veranstaltungskategorie mit der angegebenen Begriffs-ID existiert nicht.',
  'Returns the data of the updated event category': 'Gibt die Daten der aktualisierten Veranstaltungskategorie zurück',
  'Returns the data of the created event category': 'Gibt die Daten der erstellten Veranstaltungskategorie zurück',
  'The user is not authorized to create event categories':
    'Der Benutzer ist nicht berechtigt, Veranstaltungskategorien zu erstellen',
  'Deletes an event category and returns its data': 'Löscht eine Veranstaltungskategorie und gibt ihre Daten zurück',
  'The event category term ID is missing or does not exist.':
    'Die Begriffs-ID der Veranstaltungskategorie fehlt oder existiert nicht.',
  'The current user cannot delete the event category with the specified term ID.':
    'Der aktuelle Benutzer kann die Veranstaltungskategorie mit der angegebenen Begriffs-ID nicht löschen.',
  'The event category with the specified term ID has been deleted already.':
    'Die Veranstaltungskategorie mit der angegebenen Begriffs-ID wurde bereits gelöscht.',
  'The event category with the specified term ID could not be deleted.':
    'Die Veranstaltungskategorie mit der angegebenen Begriffs-ID konnte nicht gelöscht werden.',
  'Returns all the event tags matching the search criteria':
    'Gibt alle Veranstaltungsschlagwörter zurück, die den Suchkriterien entsprechen',
  'No event tags match the query or the requested page was not found.':
    'Keine Veranstaltungsschlagwörter entsprechen der Abfrage oder die angeforderte Seite wurde nicht gefunden.',
  'Returns the data of the event tag with the specified term ID':
    'Gibt die Daten des Veranstaltungsschlagworts mit der angegebenen Begriffs-ID zurück',
  'The event tag term ID is missing.': 'Die Begriffs-ID des Veranstaltungsschlagworts fehlt.',
  'An event tag with the specified term ID does not exist.':
    'Ein Veranstaltungsschlagwort mit der angegebenen Begriffs-ID existiert nicht.',
  'Returns the data of the updated event tag': 'Gibt die Daten des aktualisierten Veranstaltungsschlagworts zurück',
  'Returns the data of the created event tag': 'Gibt die Daten des erstellten Veranstaltungsschlagworts zurück',
  'The user is not authorized to create event tags':
    'Der Benutzer ist nicht berechtigt, Veranstaltungsschlagwörter zu erstellen',
  'Deletes an event tag and returns its data': 'Löscht ein Veranstaltungsschlagwort und gibt seine Daten zurück',
  'The event tag term ID is missing or does not exist.':
    'Die Begriffs-ID des Veranstaltungsschlagworts fehlt oder existiert nicht.',
  'The current user cannot delete the event tag with the specified term ID.':
    'Der aktuelle Benutzer kann das Veranstaltungsschlagwort mit der angegebenen Begriffs-ID nicht löschen.',
  'The event tag with the specified term ID has been deleted already.':
    'Das Veranstaltungsschlagwort mit der angegebenen Begriffs-ID wurde bereits gelöscht.',
  'The event tag with the specified term ID could not be deleted.':
    'Das Veranstaltungsschlagwort mit der angegebenen Begriffs-ID konnte nicht gelöscht werden.',

  // Route arguments (the ArgSpec descriptions)
  'The archive page to return': 'Die zurückzugebende Archivseite',
  'The number of events to return on each page': 'Die Anzahl der Veranstaltungen, die pro Seite zurückgegeben werden',
  'Events that start on the specified date': 'Veranstaltungen, die am angegebenen Datum beginnen',
  'Events that end on the specified date': 'Veranstaltungen, die am angegebenen Datum enden',
  'Events that start before the specified date': 'Veranstaltungen, die vor dem angegebenen Datum beginnen',
  'Events that start after the specified date': 'Veranstaltungen, die nach dem angegebenen Datum beginnen',
  'Events that end before the specified date': 'Veranstaltungen, die vor dem angegebenen Datum enden',
  'Events that end after the specified date': 'Veranstaltungen, die nach dem angegebenen Datum enden',
  'Dates set using the start_date/end_date, starts_*/ends_* are set to start at the specified times. The default behavior is to include the entire days.':
    'Mit start_date/end_date und starts_*/ends_* gesetzte Daten beginnen zu den angegebenen Uhrzeiten. Standardmäßig werden die ganzen Tage einbezogen.',
  'Events should contain the specified string in the title or description':
    'Veranstaltungen sollen die angegebene Zeichenkette im Titel oder in der Beschreibung enthalten',
  'Events should be assigned one of the specified categories slugs or IDs':
    'Veranstaltungen sollen einer der angegebenen Kategorien (Slugs oder IDs) zugeordnet sein',
  'Events should be assigned one of the specified tags slugs or IDs':
    'Veranstaltungen sollen einem der angegebenen Schlagwörter (Slugs oder IDs) zugeordnet sein',
  'Events should be assigned one of the specified venue IDs':
    'Veranstaltungen sollen einem der angegebenen Veranstaltungsorte (IDs) zugeordnet sein',
  'Events should be assigned one of the specified organizer IDs':
    'Veranstaltungen sollen einem der angegebenen Veranstalter (IDs) zugeordnet sein',
  'Events should be filtered by their featured status':
    'Veranstaltungen sollen nach ihrem Hervorhebungsstatus gefiltert werden',
  'The event post status': 'Der Beitragsstatus der Veranstaltung',
  'Requires Events Calendar Pro. Events should be filtered by whether their venue has geolocation data':
    'Erfordert Events Calendar Pro. Veranstaltungen sollen danach gefiltert werden, ob ihr Veranstaltungsort Geodaten hat',
  'Requires Events Calendar Pro. Events should be filtered by their venue latitude location, must also provide geoloc_lng':
    'Erfordert Events Calendar Pro. Veranstaltungen sollen nach dem Breitengrad ihres Veranstaltungsortes gefiltert werden; geoloc_lng muss ebenfalls angegeben werden',
  'Requires Events Calendar Pro. Events should be filtered by their venue longitude location, must also provide geoloc_lat':
    'Erfordert Events Calendar Pro. Veranstaltungen sollen nach dem Längengrad ihres Veranstaltungsortes gefiltert werden; geoloc_lat muss ebenfalls angegeben werden',
  'Include events with one of the post IDs specified in the array of CSV list, date filters will be ignored.':
    'Veranstaltungen mit einer der im Array oder in der CSV-Liste angegebenen Beitrags-IDs einbeziehen; Datumsfilter werden ignoriert.',
  'Events should be filtered by their post_parent being the specified one.':
    'Veranstaltungen sollen danach gefiltert werden, dass ihr post_parent der angegebene ist.',
  'Filter events with or without tickets.': 'Veranstaltungen mit oder ohne Tickets filtern.',
  'The event author ID': 'Die ID des Autors der Veranstaltung',
  'The event publication date': 'Das Veröffentlichungsdatum der Veranstaltung',
  'The event publication date (UTC time zone)': 'Das Veröffentlichungsdatum der Veranstaltung (Zeitzone UTC)',
  'The event title': 'Der Titel der Veranstaltung',
  'The event description': 'Die Beschreibung der Veranstaltung',
  'The event excerpt': 'Der Textauszug der Veranstaltung',
  'The event time zone': 'Die Zeitzone der Veranstaltung',
  'Whether the event lasts the whole day or not': 'Ob die Veranstaltung den ganzen Tag dauert oder nicht',
  'The event start date and time': 'Startdatum und -uhrzeit der Veranstaltung',
  'The event end date and time': 'Enddatum und -uhrzeit der Veranstaltung',
  'The event featured image ID or URL': 'ID oder URL des Beitragsbildes der Veranstaltung',
  'The event cost': 'Die Kosten der Veranstaltung',
  'Whether the event should show a map or not': 'Ob die Veranstaltung eine Karte anzeigen soll oder nicht',
  'Whether the event should show a map link or not': 'Ob die Veranstaltung einen Kartenlink anzeigen soll oder nicht',
  'Whether events should be hidden in the calendar view or not':
    'Ob Veranstaltungen in der Kalenderansicht ausgeblendet werden sollen oder nicht',
  'Whether the event should be sticky in the calendar view or not':
    'Ob die Veranstaltung in der Kalenderansicht oben gehalten werden soll oder nicht',
  'Whether the event should be featured on the site or not':
    'Ob die Veranstaltung auf der Website hervorgehoben werden soll oder nicht',
  'The event category ID or name': 'ID oder Name der Veranstaltungskategorie',
  'The event tag ID or name': 'ID oder Name des Veranstaltungsschlagworts',
  'The event venue IDs or data': 'IDs oder Daten des Veranstaltungsortes',
  'The event organizer IDs or data': 'IDs oder Daten der Veranstalter',
  'the event post ID': 'die Beitrags-ID der Veranstaltung',
  'The event password': 'Das Passwort der Veranstaltung',
  'the event post name': 'der Beitragsname (Slug) der Veranstaltung',
  'The number of venues to return on each page':
    'Die Anzahl der Veranstaltungsorte, die pro Seite zurückgegeben werden',
  'Venues should contain the specified string in the title, description or custom fields':
    'Veranstaltungsorte sollen die angegebene Zeichenkette im Titel, in der Beschreibung oder in individuellen Feldern enthalten',
  'Venues should be related to this event': 'Veranstaltungsorte sollen mit dieser Veranstaltung verknüpft sein',
  'Venues should have events associated to them': 'Veranstaltungsorte sollen zugeordnete Veranstaltungen haben',
  'Venues should have upcoming events associated to them':
    'Veranstaltungsorte sollen zugeordnete bevorstehende Veranstaltungen haben',
  'The organizer post status': 'Der Beitragsstatus des Veranstalters',
  'The venue author ID': 'Die ID des Autors des Veranstaltungsortes',
  'The venue publication date': 'Das Veröffentlichungsdatum des Veranstaltungsortes',
  'The venue publication date (UTC time zone)': 'Das Veröffentlichungsdatum des Veranstaltungsortes (Zeitzone UTC)',
  'The venue description': 'Die Beschreibung des Veranstaltungsortes',
  'The venue post status': 'Der Beitragsstatus des Veranstaltungsortes',
  'Whether events linked to the venue should show a map or not':
    'Ob mit dem Veranstaltungsort verknüpfte Veranstaltungen eine Karte anzeigen sollen oder nicht',
  'Whether events linked to the venue should show a map link or not':
    'Ob mit dem Veranstaltungsort verknüpfte Veranstaltungen einen Kartenlink anzeigen sollen oder nicht',
  'The venue state and province': 'Bundesstaat und Provinz des Veranstaltungsortes',
  'The organizer featured image ID or URL': 'ID oder URL des Beitragsbildes des Veranstalters',
  'the venue post ID': 'die Beitrags-ID des Veranstaltungsortes',
  'the venue post name': 'der Beitragsname (Slug) des Veranstaltungsortes',
  'The number of organizers to return on each page': 'Die Anzahl der Veranstalter, die pro Seite zurückgegeben werden',
  'Organizers should contain the specified string in the title, description or custom fields':
    'Veranstalter sollen die angegebene Zeichenkette im Titel, in der Beschreibung oder in individuellen Feldern enthalten',
  'Organizers should be related to this event': 'Veranstalter sollen mit dieser Veranstaltung verknüpft sein',
  'Organizers should have events associated to them': 'Veranstalter sollen zugeordnete Veranstaltungen haben',
  'Organizers should have upcoming events associated to them':
    'Veranstalter sollen zugeordnete bevorstehende Veranstaltungen haben',
  'The organizer author ID': 'Die ID des Autors des Veranstalters',
  'The organizer publication date': 'Das Veröffentlichungsdatum des Veranstalters',
  'The organizer publication date (UTC time zone)': 'Das Veröffentlichungsdatum des Veranstalters (Zeitzone UTC)',
  'The organizer description': 'Die Beschreibung des Veranstalters',
  'The organizer e-mail address': 'Die E-Mail-Adresse des Veranstalters',
  'the organizer post ID': 'die Beitrags-ID des Veranstalters',
  'the organizer post name': 'der Beitragsname (Slug) des Veranstalters',
  'The number of event categories to return on each page':
    'Die Anzahl der Veranstaltungskategorien, die pro Seite zurückgegeben werden',
  'Limit results to those matching a string': 'Ergebnisse auf solche beschränken, die einer Zeichenkette entsprechen',
  'Ensure result set exclude specific IDs': 'Sicherstellen, dass die Ergebnismenge bestimmte IDs ausschließt',
  'Limit result set to specific IDs': 'Ergebnismenge auf bestimmte IDs beschränken',
  'Order sort attribute ascending or descending': 'Sortierattribut aufsteigend oder absteigend ordnen',
  'Sort collection by term attribute': 'Sammlung nach einem Begriffsattribut sortieren',
  'Whether to hide terms not assigned to any posts':
    'Ob Begriffe ausgeblendet werden sollen, die keinem Beitrag zugeordnet sind',
  'Limit result set to terms assigned to a specific parent':
    'Ergebnismenge auf Begriffe beschränken, die einem bestimmten übergeordneten Begriff zugeordnet sind',
  'Limit result set to terms assigned to a specific post':
    'Ergebnismenge auf Begriffe beschränken, die einem bestimmten Beitrag zugeordnet sind',
  'Limit result set to terms assigned to a specific event (an alias of the "post" parameter)':
    'Ergebnismenge auf Begriffe beschränken, die einer bestimmten Veranstaltung zugeordnet sind (ein Alias des Parameters „post“)',
  'Limit result set to terms with a specific slug':
    'Ergebnismenge auf Begriffe mit einer bestimmten Titelform (Slug) beschränken',
  'The event category name': 'Der Name der Veranstaltungskategorie',
  'The event category description': 'Die Beschreibung der Veranstaltungskategorie',
  'The event category slug': 'Die Titelform (Slug) der Veranstaltungskategorie',
  'the event category term ID': 'die Begriffs-ID der Veranstaltungskategorie',
  'The number of event tags to return on each page':
    'Die Anzahl der Veranstaltungsschlagwörter, die pro Seite zurückgegeben werden',
  'The event tag name': 'Der Name des Veranstaltungsschlagworts',
  'The event tag description': 'Die Beschreibung des Veranstaltungsschlagworts',
  'The event tag slug': 'Die Titelform (Slug) des Veranstaltungsschlagworts',
  'the event tag term ID': 'die Begriffs-ID des Veranstaltungsschlagworts',
};
