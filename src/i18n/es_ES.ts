import type { Catalogue } from './index.js';

/** Spanish (Spain): every English text of the namespace index and /doc, keyed by the English (msgid). */
export const es_ES: Catalogue = {
  // The document itself
  'The Events Calendar REST API': 'La API REST de The Events Calendar',
  'The Events Calendar REST API allows accessing upcoming events information easily and conveniently.':
    'La API REST de The Events Calendar permite acceder de forma fácil y cómoda a la información de los próximos eventos.',
  'No description provided': 'No se ha proporcionado ninguna descripción',

  // components.schemas (response objects)
  'The image width in pixels in the specified size': 'El ancho de la imagen en píxeles en el tamaño indicado',
  'The image height in pixels in the specified size': 'El alto de la imagen en píxeles en el tamaño indicado',
  'The image mime-type': 'El tipo MIME de la imagen',
  'The link to the image in the specified size on the site': 'El enlace a la imagen en el tamaño indicado en el sitio',
  'The cost currency symbol': 'El símbolo de moneda del coste',
  'The position of the currency symbol in the cost string': 'La posición del símbolo de moneda en la cadena del coste',
  'A sorted array of all the numeric values for the cost':
    'Un array ordenado con todos los valores numéricos del coste',
  'The WordPress term ID': 'El ID de WordPress del término',
  'The term name': 'El nombre del término',
  'The term slug': 'El slug del término',
  'The taxonomy the term belongs to': 'La taxonomía a la que pertenece el término',
  'The term description': 'La descripción del término',
  'The term parent term if any': 'El término padre del término, si lo hay',
  'The number of posts associated with the term': 'El número de entradas asociadas al término',
  'The URL to the term archive page': 'La URL de la página de archivo del término',
  'A list of links to the term own, archive and parent REST URL':
    'Una lista de enlaces a la URL REST propia, de archivo y del padre del término',
  'The URL to the full size version of the image': 'La URL de la versión a tamaño completo de la imagen',
  'The image WordPress post ID': 'El ID de entrada de WordPress de la imagen',
  'The image file extension': 'La extensión de archivo de la imagen',
  'The image natural width in pixels': 'El ancho natural de la imagen en píxeles',
  'The image natural height in pixels': 'El alto natural de la imagen en píxeles',
  'The details about each size available for the image': 'Los detalles de cada tamaño disponible para la imagen',
  'The date year': 'El año de la fecha',
  'The date month': 'El mes de la fecha',
  'The date day': 'El día de la fecha',
  'The date hour': 'La hora de la fecha',
  'The date minutes': 'Los minutos de la fecha',
  'The date seconds': 'Los segundos de la fecha',
  'The event WordPress post ID': 'El ID de entrada de WordPress del evento',
  'The event ID used to globally identify in Event Aggregator':
    'El ID que identifica globalmente el evento en Event Aggregator',
  'An Array containing the lineage of where this event comes from, this should not change after the event is created.':
    'Un array con el linaje de procedencia de este evento; no debería cambiar después de crear el evento.',
  'The event author WordPress post ID': 'El ID de WordPress del autor del evento',
  'The event creation date in the site time zone': 'La fecha de creación del evento en la zona horaria del sitio',
  'The event creation date in UTC time': 'La fecha de creación del evento en hora UTC',
  'The event last modification date in the site time zone':
    'La fecha de la última modificación del evento en la zona horaria del sitio',
  'The event last modification date in UTC time': 'La fecha de la última modificación del evento en hora UTC',
  'The event status': 'El estado del evento',
  'The URL to the event page': 'La URL de la página del evento',
  'The TEC REST API link to fetch this event': 'El enlace de la API REST de TEC para obtener este evento',
  'The event name': 'El nombre del evento',
  'The event long description': 'La descripción larga del evento',
  'The event short description': 'La descripción corta del evento',
  'The event slug': 'El slug del evento',
  'The event featured image details if set': 'Los detalles de la imagen destacada del evento, si está establecida',
  'Whether or not this event is an all day Event': 'Si este evento dura todo el día o no',
  'The event start date in the event or site time zone':
    'La fecha de inicio del evento en la zona horaria del evento o del sitio',
  'An array of each component of the event start date': 'Un array con cada componente de la fecha de inicio del evento',
  'The event end date in the event or site time zone':
    'La fecha de finalización del evento en la zona horaria del evento o del sitio',
  'An array of each component of the event end date':
    'Un array con cada componente de la fecha de finalización del evento',
  'The event start date in UTC time': 'La fecha de inicio del evento en hora UTC',
  'An array of each component of the event start date in UTC time':
    'Un array con cada componente de la fecha de inicio del evento en hora UTC',
  'The event end date in UTC time': 'La fecha de finalización del evento en hora UTC',
  'An array of each component of the event end date in UTC time':
    'Un array con cada componente de la fecha de finalización del evento en hora UTC',
  'The event time zone string': 'La cadena de la zona horaria del evento',
  'The abbreviated event time zone string': 'La cadena abreviada de la zona horaria del evento',
  'The event cost including the currency symbol': 'El coste del evento, incluido el símbolo de moneda',
  'The event cost details': 'Los detalles del coste del evento',
  'The event website URL': 'La URL del sitio web del evento',
  'Whether the map should be shown for the event or not': 'Si se debe mostrar el mapa del evento o no',
  'Whether the map link should be shown for the event or not': 'Si se debe mostrar el enlace al mapa del evento o no',
  'Whether an event should be hidden from the calendar view or not':
    'Si un evento se debe ocultar en la vista de calendario o no',
  'Whether an event is sticky in the calendar view or not': 'Si un evento está fijado en la vista de calendario o no',
  'Whether the event is featured in the calendar or not': 'Si el evento está destacado en el calendario o no',
  'The event categories': 'Las categorías del evento',
  'The event tags': 'Las etiquetas del evento',
  'The event venue': 'El lugar del evento',
  'The event organizers': 'Los organizadores del evento',
  'The venue WordPress post ID': 'El ID de entrada de WordPress del lugar',
  'The venue ID used to globally identify in Event Aggregator':
    'El ID que identifica globalmente el lugar en Event Aggregator',
  'An Array containing the lineage of where this organizer comes from, this should not change after the organizer is created.':
    'Un array con el linaje de procedencia de este organizador; no debería cambiar después de crear el organizador.',
  'The venue author WordPress post ID': 'El ID de WordPress del autor del lugar',
  'The venue creation date in the site time zone': 'La fecha de creación del lugar en la zona horaria del sitio',
  'The venue creation date in UTC time': 'La fecha de creación del lugar en hora UTC',
  'The venue last modification date in the site time zone':
    'La fecha de la última modificación del lugar en la zona horaria del sitio',
  'The venue last modification date in UTC time': 'La fecha de la última modificación del lugar en hora UTC',
  'The venue status': 'El estado del lugar',
  'The URL to the venue page': 'La URL de la página del lugar',
  'The venue name': 'El nombre del lugar',
  'The venue long description': 'La descripción larga del lugar',
  'The venue short description': 'La descripción corta del lugar',
  'The venue slug': 'El slug del lugar',
  'Whether the map should be shown for the venue or not': 'Si se debe mostrar el mapa del lugar o no',
  'Whether the map link should be shown for the venue or not': 'Si se debe mostrar el enlace al mapa del lugar o no',
  'The venue address': 'La dirección del lugar',
  'The venue city': 'La ciudad del lugar',
  'The venue country': 'El país del lugar',
  'The venue province': 'La provincia del lugar',
  'The venue state': 'El estado (región) del lugar',
  'The venue ZIP code': 'El código postal del lugar',
  'The venue phone number': 'El número de teléfono del lugar',
  'The venue website URL': 'La URL del sitio web del lugar',
  'The venue state or province': 'El estado o la provincia del lugar',
  'The venue geo latitude': 'La latitud geográfica del lugar',
  'The venue geo longitude': 'La longitud geográfica del lugar',
  'The organizer WordPress post ID': 'El ID de entrada de WordPress del organizador',
  'The organizer ID used to globally identify in Event Aggregator':
    'El ID que identifica globalmente el organizador en Event Aggregator',
  'The organizer author WordPress post ID': 'El ID de WordPress del autor del organizador',
  'The organizer creation date in the site time zone':
    'La fecha de creación del organizador en la zona horaria del sitio',
  'The organizer creation date in UTC time': 'La fecha de creación del organizador en hora UTC',
  'The organizer last modification date in the site time zone':
    'La fecha de la última modificación del organizador en la zona horaria del sitio',
  'The organizer last modification date in UTC time': 'La fecha de la última modificación del organizador en hora UTC',
  'The organizer status': 'El estado del organizador',
  'The URL to the organizer page': 'La URL de la página del organizador',
  'The organizer name': 'El nombre del organizador',
  'The organizer long description': 'La descripción larga del organizador',
  'The organizer short description': 'La descripción corta del organizador',
  'The organizer slug': 'El slug del organizador',
  'The organizer phone number': 'El número de teléfono del organizador',
  'The organizer website': 'El sitio web del organizador',
  'The organizer email address': 'La dirección de correo electrónico del organizador',

  // Response descriptions
  'Returns the data of the event with the specified post ID':
    'Devuelve los datos del evento con el ID de entrada indicado',
  'The event post ID is missing.': 'Falta el ID de entrada del evento.',
  'The event with the specified ID is not accessible.': 'No se puede acceder al evento con el ID indicado.',
  'An event with the specified ID does not exist.': 'No existe ningún evento con el ID indicado.',
  'Returns the data of the updated event': 'Devuelve los datos del evento actualizado',
  'Returns the data of the created event': 'Devuelve los datos del evento creado',
  'The user is not authorized to create events': 'El usuario no tiene permiso para crear eventos',
  'Deletes an event and returns its data': 'Elimina un evento y devuelve sus datos',
  'The event post ID is missing or does not exist.': 'Falta el ID de entrada del evento o no existe.',
  'The current user cannot delete the event with the specified ID.':
    'El usuario actual no puede eliminar el evento con el ID indicado.',
  'The event with the specified ID has been deleted already.': 'El evento con el ID indicado ya se ha eliminado.',
  'The event with the specified ID could not be deleted.': 'No se ha podido eliminar el evento con el ID indicado.',
  'Returns the data of the venue with the specified post ID':
    'Devuelve los datos del lugar con el ID de entrada indicado',
  'The venue post ID is missing.': 'Falta el ID de entrada del lugar.',
  'The venue with the specified ID is not accessible.': 'No se puede acceder al lugar con el ID indicado.',
  'A venue with the specified post ID does not exist.': 'No existe ningún lugar con el ID de entrada indicado.',
  'Returns the data of the updated venue': 'Devuelve los datos del lugar actualizado',
  'Returns the data of the created venue': 'Devuelve los datos del lugar creado',
  'The user is not authorized to create venues': 'El usuario no tiene permiso para crear lugares',
  'Deletes a venue and returns its data': 'Elimina un lugar y devuelve sus datos',
  'The venue post ID is missing or does not exist.': 'Falta el ID de entrada del lugar o no existe.',
  'The current user cannot delete the venue with the specified ID.':
    'El usuario actual no puede eliminar el lugar con el ID indicado.',
  'The venue with the specified ID has been deleted already.': 'El lugar con el ID indicado ya se ha eliminado.',
  'The venue with the specified ID could not be deleted.': 'No se ha podido eliminar el lugar con el ID indicado.',
  'Returns the data of the organizer with the specified post ID':
    'Devuelve los datos del organizador con el ID de entrada indicado',
  'The organizer post ID is missing.': 'Falta el ID de entrada del organizador.',
  'The organizer with the specified ID is not accessible.': 'No se puede acceder al organizador con el ID indicado.',
  'An organizer with the specified event does not exist.': 'No existe ningún organizador con el evento indicado.',
  'Returns the data of the created organizer': 'Devuelve los datos del organizador creado',
  'The user is not authorized to create organizers': 'El usuario no tiene permiso para crear organizadores',
  'Deletes an organizer and returns its data': 'Elimina un organizador y devuelve sus datos',
  'The organizer post ID is missing or does not exist.': 'Falta el ID de entrada del organizador o no existe.',
  'The current user cannot delete the organizer with the specified ID.':
    'El usuario actual no puede eliminar el organizador con el ID indicado.',
  'The organizer with the specified ID has been deleted already.':
    'El organizador con el ID indicado ya se ha eliminado.',
  'The organizer with the specified ID could not be deleted.':
    'No se ha podido eliminar el organizador con el ID indicado.',
  'Returns the documentation for The Events Calendar REST API in Swagger consumable format.':
    'Devuelve la documentación de la API REST de The Events Calendar en un formato que Swagger puede leer.',
  'Returns all the upcoming events matching the search criteria':
    'Devuelve todos los próximos eventos que coinciden con los criterios de búsqueda',
  'The requested page was not found.': 'No se ha encontrado la página solicitada.',
  'One or more of the specified query variables has a bad format':
    'Una o varias de las variables de consulta indicadas tienen un formato incorrecto',
  'A required parameter is missing or an input parameter is in the wrong format':
    'Falta un parámetro obligatorio o un parámetro de entrada tiene un formato incorrecto',
  'Returns all the venues matching the search criteria':
    'Devuelve todos los lugares que coinciden con los criterios de búsqueda',
  'Returns all the organizers matching the search criteria':
    'Devuelve todos los organizadores que coinciden con los criterios de búsqueda',
  'Returns all the event categories matching the search criteria':
    'Devuelve todas las categorías de eventos que coinciden con los criterios de búsqueda',
  'Returns the data of the event category with the specified term ID':
    'Devuelve los datos de la categoría de eventos con el ID de término indicado',
  'The event category term ID is missing.': 'Falta el ID de término de la categoría de eventos.',
  'An event category with the specified term ID does not exist.':
    'No existe ninguna categoría de eventos con el ID de término indicado.',
  'Returns the data of the updated event category': 'Devuelve los datos de la categoría de eventos actualizada',
  'Returns the data of the created event category': 'Devuelve los datos de la categoría de eventos creada',
  'The user is not authorized to create event categories':
    'El usuario no tiene permiso para crear categorías de eventos',
  'Deletes an event category and returns its data': 'Elimina una categoría de eventos y devuelve sus datos',
  'The event category term ID is missing or does not exist.':
    'Falta el ID de término de la categoría de eventos o no existe.',
  'The current user cannot delete the event category with the specified term ID.':
    'El usuario actual no puede eliminar la categoría de eventos con el ID de término indicado.',
  'The event category with the specified term ID has been deleted already.':
    'La categoría de eventos con el ID de término indicado ya se ha eliminado.',
  'The event category with the specified term ID could not be deleted.':
    'No se ha podido eliminar la categoría de eventos con el ID de término indicado.',
  'Returns all the event tags matching the search criteria':
    'Devuelve todas las etiquetas de eventos que coinciden con los criterios de búsqueda',
  'No event tags match the query or the requested page was not found.':
    'Ninguna etiqueta de evento coincide con la consulta o no se ha encontrado la página solicitada.',
  'Returns the data of the event tag with the specified term ID':
    'Devuelve los datos de la etiqueta de evento con el ID de término indicado',
  'The event tag term ID is missing.': 'Falta el ID de término de la etiqueta de evento.',
  'An event tag with the specified term ID does not exist.':
    'No existe ninguna etiqueta de evento con el ID de término indicado.',
  'Returns the data of the updated event tag': 'Devuelve los datos de la etiqueta de evento actualizada',
  'Returns the data of the created event tag': 'Devuelve los datos de la etiqueta de evento creada',
  'The user is not authorized to create event tags': 'El usuario no tiene permiso para crear etiquetas de eventos',
  'Deletes an event tag and returns its data': 'Elimina una etiqueta de evento y devuelve sus datos',
  'The event tag term ID is missing or does not exist.': 'Falta el ID de término de la etiqueta de evento o no existe.',
  'The current user cannot delete the event tag with the specified term ID.':
    'El usuario actual no puede eliminar la etiqueta de evento con el ID de término indicado.',
  'The event tag with the specified term ID has been deleted already.':
    'La etiqueta de evento con el ID de término indicado ya se ha eliminado.',
  'The event tag with the specified term ID could not be deleted.':
    'No se ha podido eliminar la etiqueta de evento con el ID de término indicado.',

  // Route arguments (the ArgSpec descriptions)
  'The archive page to return': 'La página de archivo que se devolverá',
  'The number of events to return on each page': 'El número de eventos que se devolverán en cada página',
  'Events that start on the specified date': 'Eventos que empiezan en la fecha indicada',
  'Events that end on the specified date': 'Eventos que terminan en la fecha indicada',
  'Events that start before the specified date': 'Eventos que empiezan antes de la fecha indicada',
  'Events that start after the specified date': 'Eventos que empiezan después de la fecha indicada',
  'Events that end before the specified date': 'Eventos que terminan antes de la fecha indicada',
  'Events that end after the specified date': 'Eventos que terminan después de la fecha indicada',
  'Dates set using the start_date/end_date, starts_*/ends_* are set to start at the specified times. The default behavior is to include the entire days.':
    'Las fechas establecidas con start_date/end_date y starts_*/ends_* empiezan a las horas indicadas. De forma predeterminada se incluyen los días completos.',
  'Events should contain the specified string in the title or description':
    'Los eventos deben contener la cadena indicada en el título o la descripción',
  'Events should be assigned one of the specified categories slugs or IDs':
    'Los eventos deben estar asignados a una de las categorías indicadas (slugs o ID)',
  'Events should be assigned one of the specified tags slugs or IDs':
    'Los eventos deben estar asignados a una de las etiquetas indicadas (slugs o ID)',
  'Events should be assigned one of the specified venue IDs':
    'Los eventos deben estar asignados a uno de los lugares indicados (ID)',
  'Events should be assigned one of the specified organizer IDs':
    'Los eventos deben estar asignados a uno de los organizadores indicados (ID)',
  'Events should be filtered by their featured status': 'Los eventos deben filtrarse según su estado de destacado',
  'The event post status': 'El estado de publicación del evento',
  'Requires Events Calendar Pro. Events should be filtered by whether their venue has geolocation data':
    'Requiere Events Calendar Pro. Los eventos deben filtrarse según si su lugar tiene datos de geolocalización',
  'Requires Events Calendar Pro. Events should be filtered by their venue latitude location, must also provide geoloc_lng':
    'Requiere Events Calendar Pro. Los eventos deben filtrarse según la latitud de su lugar; también hay que indicar geoloc_lng',
  'Requires Events Calendar Pro. Events should be filtered by their venue longitude location, must also provide geoloc_lat':
    'Requiere Events Calendar Pro. Los eventos deben filtrarse según la longitud de su lugar; también hay que indicar geoloc_lat',
  'Include events with one of the post IDs specified in the array of CSV list, date filters will be ignored.':
    'Incluir los eventos con uno de los ID de entrada indicados en el array o la lista CSV; se ignorarán los filtros de fecha.',
  'Events should be filtered by their post_parent being the specified one.':
    'Los eventos deben filtrarse por su post_parent, que debe ser el indicado.',
  'Filter events with or without tickets.': 'Filtrar eventos con o sin entradas (tickets).',
  'The event author ID': 'El ID del autor del evento',
  'The event publication date': 'La fecha de publicación del evento',
  'The event publication date (UTC time zone)': 'La fecha de publicación del evento (zona horaria UTC)',
  'The event title': 'El título del evento',
  'The event description': 'La descripción del evento',
  'The event excerpt': 'El extracto del evento',
  'The event time zone': 'La zona horaria del evento',
  'Whether the event lasts the whole day or not': 'Si el evento dura todo el día o no',
  'The event start date and time': 'La fecha y hora de inicio del evento',
  'The event end date and time': 'La fecha y hora de finalización del evento',
  'The event featured image ID or URL': 'El ID o la URL de la imagen destacada del evento',
  'The event cost': 'El coste del evento',
  'Whether the event should show a map or not': 'Si el evento debe mostrar un mapa o no',
  'Whether the event should show a map link or not': 'Si el evento debe mostrar un enlace al mapa o no',
  'Whether events should be hidden in the calendar view or not':
    'Si los eventos se deben ocultar en la vista de calendario o no',
  'Whether the event should be sticky in the calendar view or not':
    'Si el evento se debe fijar en la vista de calendario o no',
  'Whether the event should be featured on the site or not': 'Si el evento se debe destacar en el sitio o no',
  'The event category ID or name': 'El ID o el nombre de la categoría del evento',
  'The event tag ID or name': 'El ID o el nombre de la etiqueta del evento',
  'The event venue IDs or data': 'Los ID o los datos del lugar del evento',
  'The event organizer IDs or data': 'Los ID o los datos de los organizadores del evento',
  'the event post ID': 'el ID de entrada del evento',
  'The event password': 'La contraseña del evento',
  'the event post name': 'el nombre de entrada (slug) del evento',
  'The number of venues to return on each page': 'El número de lugares que se devolverán en cada página',
  'Venues should contain the specified string in the title, description or custom fields':
    'Los lugares deben contener la cadena indicada en el título, la descripción o los campos personalizados',
  'Venues should be related to this event': 'Los lugares deben estar relacionados con este evento',
  'Venues should have events associated to them': 'Los lugares deben tener eventos asociados',
  'Venues should have upcoming events associated to them': 'Los lugares deben tener próximos eventos asociados',
  'The organizer post status': 'El estado de publicación del organizador',
  'The venue author ID': 'El ID del autor del lugar',
  'The venue publication date': 'La fecha de publicación del lugar',
  'The venue publication date (UTC time zone)': 'La fecha de publicación del lugar (zona horaria UTC)',
  'The venue description': 'La descripción del lugar',
  'The venue post status': 'El estado de publicación del lugar',
  'Whether events linked to the venue should show a map or not':
    'Si los eventos vinculados al lugar deben mostrar un mapa o no',
  'Whether events linked to the venue should show a map link or not':
    'Si los eventos vinculados al lugar deben mostrar un enlace al mapa o no',
  'The venue state and province': 'El estado y la provincia del lugar',
  'The organizer featured image ID or URL': 'El ID o la URL de la imagen destacada del organizador',
  'the venue post ID': 'el ID de entrada del lugar',
  'the venue post name': 'el nombre de entrada (slug) del lugar',
  'The number of organizers to return on each page': 'El número de organizadores que se devolverán en cada página',
  'Organizers should contain the specified string in the title, description or custom fields':
    'Los organizadores deben contener la cadena indicada en el título, la descripción o los campos personalizados',
  'Organizers should be related to this event': 'Los organizadores deben estar relacionados con este evento',
  'Organizers should have events associated to them': 'Los organizadores deben tener eventos asociados',
  'Organizers should have upcoming events associated to them':
    'Los organizadores deben tener próximos eventos asociados',
  'The organizer author ID': 'El ID del autor del organizador',
  'The organizer publication date': 'La fecha de publicación del organizador',
  'The organizer publication date (UTC time zone)': 'La fecha de publicación del organizador (zona horaria UTC)',
  'The organizer description': 'La descripción del organizador',
  'The organizer e-mail address': 'La dirección de correo electrónico del organizador',
  'the organizer post ID': 'el ID de entrada del organizador',
  'the organizer post name': 'el nombre de entrada (slug) del organizador',
  'The number of event categories to return on each page':
    'El número de categorías de eventos que se devolverán en cada página',
  'Limit results to those matching a string': 'Limitar los resultados a los que coincidan con una cadena',
  'Ensure result set exclude specific IDs': 'Asegurar que el conjunto de resultados excluya determinados ID',
  'Limit result set to specific IDs': 'Limitar el conjunto de resultados a determinados ID',
  'Order sort attribute ascending or descending': 'Ordenar el atributo de forma ascendente o descendente',
  'Sort collection by term attribute': 'Ordenar la colección por un atributo del término',
  'Whether to hide terms not assigned to any posts': 'Si se deben ocultar los términos no asignados a ninguna entrada',
  'Limit result set to terms assigned to a specific parent':
    'Limitar el conjunto de resultados a los términos asignados a un padre concreto',
  'Limit result set to terms assigned to a specific post':
    'Limitar el conjunto de resultados a los términos asignados a una entrada concreta',
  'Limit result set to terms assigned to a specific event (an alias of the "post" parameter)':
    'Limitar el conjunto de resultados a los términos asignados a un evento concreto (un alias del parámetro «post»)',
  'Limit result set to terms with a specific slug':
    'Limitar el conjunto de resultados a los términos con un slug concreto',
  'The event category name': 'El nombre de la categoría de eventos',
  'The event category description': 'La descripción de la categoría de eventos',
  'The event category slug': 'El slug de la categoría de eventos',
  'the event category term ID': 'el ID de término de la categoría de eventos',
  'The number of event tags to return on each page':
    'El número de etiquetas de eventos que se devolverán en cada página',
  'The event tag name': 'El nombre de la etiqueta de evento',
  'The event tag description': 'La descripción de la etiqueta de evento',
  'The event tag slug': 'El slug de la etiqueta de evento',
  'the event tag term ID': 'el ID de término de la etiqueta de evento',
};
