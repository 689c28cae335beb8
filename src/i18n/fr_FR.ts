import type { Catalogue } from './index.js';

/** French: every English text of the namespace index and /doc, keyed by the English (msgid). */
export const fr_FR: Catalogue = {
  // The document itself
  'The Events Calendar REST API': 'L’API REST de The Events Calendar',
  'The Events Calendar REST API allows accessing upcoming events information easily and conveniently.':
    'L’API REST de The Events Calendar permet d’accéder facilement et commodément aux informations sur les évènements à venir.',
  'No description provided': 'Aucune description fournie',

  // components.schemas (response objects)
  'The image width in pixels in the specified size': 'La largeur de l’image en pixels dans la taille indiquée',
  'The image height in pixels in the specified size': 'La hauteur de l’image en pixels dans la taille indiquée',
  'The image mime-type': 'Le type MIME de l’image',
  'The link to the image in the specified size on the site': 'Le lien vers l’image dans la taille indiquée sur le site',
  'The cost currency symbol': 'Le symbole monétaire du coût',
  'The position of the currency symbol in the cost string': 'La position du symbole monétaire dans la chaîne du coût',
  'A sorted array of all the numeric values for the cost': 'Un tableau trié de toutes les valeurs numériques du coût',
  'The WordPress term ID': 'L’ID WordPress du terme',
  'The term name': 'Le nom du terme',
  'The term slug': 'Le slug du terme',
  'The taxonomy the term belongs to': 'La taxonomie à laquelle appartient le terme',
  'The term description': 'La description du terme',
  'The term parent term if any': 'Le terme parent du terme, le cas échéant',
  'The number of posts associated with the term': 'Le nombre d’articles associés au terme',
  'The URL to the term archive page': 'L’URL de la page d’archive du terme',
  'A list of links to the term own, archive and parent REST URL':
    'Une liste de liens vers l’URL REST propre, d’archive et parente du terme',
  'The URL to the full size version of the image': 'L’URL de la version en taille réelle de l’image',
  'The image WordPress post ID': 'L’ID de publication WordPress de l’image',
  'The image file extension': 'L’extension de fichier de l’image',
  'The image natural width in pixels': 'La largeur naturelle de l’image en pixels',
  'The image natural height in pixels': 'La hauteur naturelle de l’image en pixels',
  'The details about each size available for the image': 'Les détails de chaque taille disponible pour l’image',
  'The date year': 'L’année de la date',
  'The date month': 'Le mois de la date',
  'The date day': 'Le jour de la date',
  'The date hour': 'L’heure de la date',
  'The date minutes': 'Les minutes de la date',
  'The date seconds': 'Les secondes de la date',
  'The event WordPress post ID': 'L’ID de publication WordPress de l’évènement',
  'The event ID used to globally identify in Event Aggregator':
    'L’ID servant à identifier globalement l’évènement dans Event Aggregator',
  'An Array containing the lineage of where this event comes from, this should not change after the event is created.':
    'Un tableau contenant la lignée de provenance de cet évènement ; il ne devrait pas changer après la création de l’évènement.',
  'The event author WordPress post ID': 'L’ID WordPress de l’auteur de l’évènement',
  'The event creation date in the site time zone': 'La date de création de l’évènement dans le fuseau horaire du site',
  'The event creation date in UTC time': 'La date de création de l’évènement en heure UTC',
  'The event last modification date in the site time zone':
    'La date de dernière modification de l’évènement dans le fuseau horaire du site',
  'The event last modification date in UTC time': 'La date de dernière modification de l’évènement en heure UTC',
  'The event status': 'L’état de l’évènement',
  'The URL to the event page': 'L’URL de la page de l’évènement',
  'The TEC REST API link to fetch this event': 'Le lien de l’API REST de TEC pour récupérer cet évènement',
  'The event name': 'Le nom de l’évènement',
  'The event long description': 'La description longue de l’évènement',
  'The event short description': 'La description courte de l’évènement',
  'The event slug': 'Le slug de l’évènement',
  'The event featured image details if set': 'Les détails de l’image mise en avant de l’évènement, si elle est définie',
  'Whether or not this event is an all day Event': 'Indique si cet évènement dure toute la journée ou non',
  'The event start date in the event or site time zone':
    'La date de début de l’évènement dans le fuseau horaire de l’évènement ou du site',
  'An array of each component of the event start date':
    'Un tableau de chaque composant de la date de début de l’évènement',
  'The event end date in the event or site time zone':
    'La date de fin de l’évènement dans le fuseau horaire de l’évènement ou du site',
  'An array of each component of the event end date': 'Un tableau de chaque composant de la date de fin de l’évènement',
  'The event start date in UTC time': 'La date de début de l’évènement en heure UTC',
  'An array of each component of the event start date in UTC time':
    'Un tableau de chaque composant de la date de début de l’évènement en heure UTC',
  'The event end date in UTC time': 'La date de fin de l’évènement en heure UTC',
  'An array of each component of the event end date in UTC time':
    'Un tableau de chaque composant de la date de fin de l’évènement en heure UTC',
  'The event time zone string': 'La chaîne du fuseau horaire de l’évènement',
  'The abbreviated event time zone string': 'La chaîne abrégée du fuseau horaire de l’évènement',
  'The event cost including the currency symbol': 'Le coût de l’évènement, symbole monétaire compris',
  'The event cost details': 'Les détails du coût de l’évènement',
  'The event website URL': 'L’URL du site web de l’évènement',
  'Whether the map should be shown for the event or not':
    'Indique si la carte doit être affichée pour l’évènement ou non',
  'Whether the map link should be shown for the event or not':
    'Indique si le lien vers la carte doit être affiché pour l’évènement ou non',
  'Whether an event should be hidden from the calendar view or not':
    'Indique si un évènement doit être masqué de la vue calendrier ou non',
  'Whether an event is sticky in the calendar view or not':
    'Indique si un évènement est épinglé dans la vue calendrier ou non',
  'Whether the event is featured in the calendar or not':
    'Indique si l’évènement est mis en avant dans le calendrier ou non',
  'The event categories': 'Les catégories de l’évènement',
  'The event tags': 'Les étiquettes de l’évènement',
  'The event venue': 'Le lieu de l’évènement',
  'The event organizers': 'Les organisateurs de l’évènement',
  'The venue WordPress post ID': 'L’ID de publication WordPress du lieu',
  'The venue ID used to globally identify in Event Aggregator':
    'L’ID servant à identifier globalement le lieu dans Event Aggregator',
  'An Array containing the lineage of where this organizer comes from, this should not change after the organizer is created.':
    'Un tableau contenant la lignée de provenance de cet organisateur ; il ne devrait pas changer après la création de l’organisateur.',
  'The venue author WordPress post ID': 'L’ID WordPress de l’auteur du lieu',
  'The venue creation date in the site time zone': 'La date de création du lieu dans le fuseau horaire du site',
  'The venue creation date in UTC time': 'La date de création du lieu en heure UTC',
  'The venue last modification date in the site time zone':
    'La date de dernière modification du lieu dans le fuseau horaire du site',
  'The venue last modification date in UTC time': 'La date de dernière modification du lieu en heure UTC',
  'The venue status': 'L’état du lieu',
  'The URL to the venue page': 'L’URL de la page du lieu',
  'The venue name': 'Le nom du lieu',
  'The venue long description': 'La description longue du lieu',
  'The venue short description': 'La description courte du lieu',
  'The venue slug': 'Le slug du lieu',
  'Whether the map should be shown for the venue or not': 'Indique si la carte doit être affichée pour le lieu ou non',
  'Whether the map link should be shown for the venue or not':
    'Indique si le lien vers la carte doit être affiché pour le lieu ou non',
  'The venue address': 'L’adresse du lieu',
  'The venue city': 'La ville du lieu',
  'The venue country': 'Le pays du lieu',
  'The venue province': 'La province du lieu',
  'The venue state': 'L’État du lieu',
  'The venue ZIP code': 'Le code postal du lieu',
  'The venue phone number': 'Le numéro de téléphone du lieu',
  'The venue website URL': 'L’URL du site web du lieu',
  'The venue state or province': 'L’État ou la province du lieu',
  'The venue geo latitude': 'La latitude géographique du lieu',
  'The venue geo longitude': 'La longitude géographique du lieu',
  'The organizer WordPress post ID': 'L’ID de publication WordPress de l’organisateur',
  'The organizer ID used to globally identify in Event Aggregator':
    'L’ID servant à identifier globalement l’organisateur dans Event Aggregator',
  'The organizer author WordPress post ID': 'L’ID WordPress de l’auteur de l’organisateur',
  'The organizer creation date in the site time zone':
    'La date de création de l’organisateur dans le fuseau horaire du site',
  'The organizer creation date in UTC time': 'La date de création de l’organisateur en heure UTC',
  'The organizer last modification date in the site time zone':
    'La date de dernière modification de l’organisateur dans le fuseau horaire du site',
  'The organizer last modification date in UTC time': 'La date de dernière modification de l’organisateur en heure UTC',
  'The organizer status': 'L’état de l’organisateur',
  'The URL to the organizer page': 'L’URL de la page de l’organisateur',
  'The organizer name': 'Le nom de l’organisateur',
  'The organizer long description': 'La description longue de l’organisateur',
  'The organizer short description': 'La description courte de l’organisateur',
  'The organizer slug': 'Le slug de l’organisateur',
  'The organizer phone number': 'Le numéro de téléphone de l’organisateur',
  'The organizer website': 'Le site web de l’organisateur',
  'The organizer email address': 'L’adresse e-mail de l’organisateur',

  // Response descriptions
  'Returns the data of the event with the specified post ID':
    'Renvoie les données de l’évènement ayant l’ID de publication indiqué',
  'The event post ID is missing.': 'L’ID de publication de l’évènement est manquant.',
  'The event with the specified ID is not accessible.': 'L’évènement ayant l’ID indiqué n’est pas accessible.',
  'An event with the specified ID does not exist.': 'Aucun évènement n’existe avec l’ID indiqué.',
  'Returns the data of the updated event': 'Renvoie les données de l’évènement mis à jour',
  'Returns the data of the created event': 'Renvoie les données de l’évènement créé',
  'The user is not authorized to create events': 'L’utilisateur n’est pas autorisé à créer des évènements',
  'Deletes an event and returns its data': 'Supprime un évènement et renvoie ses données',
  'The event post ID is missing or does not exist.': 'L’ID de publication de l’évènement est manquant ou n’existe pas.',
  'The current user cannot delete the event with the specified ID.':
    'L’utilisateur actuel ne peut pas supprimer l’évènement ayant l’ID indiqué.',
  'The event with the specified ID has been deleted already.': 'L’évènement ayant l’ID indiqué a déjà été supprimé.',
  'The event with the specified ID could not be deleted.': 'L’évènement ayant l’ID indiqué n’a pas pu être supprimé.',
  'Returns the data of the venue with the specified post ID':
    'Renvoie les données du lieu ayant l’ID de publication indiqué',
  'The venue post ID is missing.': 'L’ID de publication du lieu est manquant.',
  'The venue with the specified ID is not accessible.': 'Le lieu ayant l’ID indiqué n’est pas accessible.',
  'A venue with the specified post ID does not exist.': 'Aucun lieu n’existe avec l’ID de publication indiqué.',
  'Returns the data of the updated venue': 'Renvoie les données du lieu mis à jour',
  'Returns the data of the created venue': 'Renvoie les données du lieu créé',
  'The user is not authorized to create venues': 'L’utilisateur n’est pas autorisé à créer des lieux',
  'Deletes a venue and returns its data': 'Supprime un lieu et renvoie ses données',
  'The venue post ID is missing or does not exist.': 'L’ID de publication du lieu est manquant ou n’existe pas.',
  'The current user cannot delete the venue with the specified ID.':
    'L’utilisateur actuel ne peut pas supprimer le lieu ayant l’ID indiqué.',
  'The venue with the specified ID has been deleted already.': 'Le lieu ayant l’ID indiqué a déjà été supprimé.',
  'The venue with the specified ID could not be deleted.': 'Le lieu ayant l’ID indiqué n’a pas pu être supprimé.',
  'Returns the data of the organizer with the specified post ID':
    'Renvoie les données de l’organisateur ayant l’ID de publication indiqué',
  'The organizer post ID is missing.': 'L’ID de publication de l’organisateur est manquant.',
  'The organizer with the specified ID is not accessible.': 'L’organisateur ayant l’ID indiqué n’est pas accessible.',
  'An organizer with the specified event does not exist.': 'Aucun organisateur n’existe avec l’évènement indiqué.',
  'Returns the data of the created organizer': 'Renvoie les données de l’organisateur créé',
  'The user is not authorized to create organizers': 'L’utilisateur n’est pas autorisé à créer des organisateurs',
  'Deletes an organizer and returns its data': 'Supprime un organisateur et renvoie ses données',
  'The organizer post ID is missing or does not exist.':
    'L’ID de publication de l’organisateur est manquant ou n’existe pas.',
  'The current user cannot delete the organizer with the specified ID.':
    'L’utilisateur actuel ne peut pas supprimer l’organisateur ayant l’ID indiqué.',
  'The organizer with the specified ID has been deleted already.':
    'L’organisateur ayant l’ID indiqué a déjà été supprimé.',
  'The organizer with the specified ID could not be deleted.':
    'L’organisateur ayant l’ID indiqué n’a pas pu être supprimé.',
  'Returns the documentation for The Events Calendar REST API in Swagger consumable format.':
    'Renvoie la documentation de l’API REST de The Events Calendar dans un format lisible par Swagger.',
  'Returns all the upcoming events matching the search criteria':
    'Renvoie tous les évènements à venir correspondant aux critères de recherche',
  'The requested page was not found.': 'La page demandée est introuvable.',
  'One or more of the specified query variables has a bad format':
    'Une ou plusieurs des variables de requête indiquées ont un format incorrect',
  'A required parameter is missing or an input parameter is in the wrong format':
    'Un paramètre requis est manquant ou un paramètre d’entrée a un format incorrect',
  'Returns all the venues matching the search criteria':
    'Renvoie tous les lieux correspondant aux critères de recherche',
  'Returns all the organizers matching the search criteria':
    'Renvoie tous les organisateurs correspondant aux critères de recherche',
  'Returns all the event categories matching the search criteria':
    'Renvoie toutes les catégories d’évènements correspondant aux critères de recherche',
  'Returns the data of the event category with the specified term ID':
    'Renvoie les données de la catégorie d’évènements ayant l’ID de terme indiqué',
  'The event category term ID is missing.': 'L’ID de terme de la catégorie d’évènements est manquant.',
  'An event category with the specified term ID does not exist.':
    'Aucune catégorie d’évènements n’existe avec l’ID de terme indiqué.',
  'Returns the data of the updated event category': 'Renvoie les données de la catégorie d’évènements mise à jour',
  'Returns the data of the created event category': 'Renvoie les données de la catégorie d’évènements créée',
  'The user is not authorized to create event categories':
    'L’utilisateur n’est pas autorisé à créer des catégories d’évènements',
  'Deletes an event category and returns its data': 'Supprime une catégorie d’évènements et renvoie ses données',
  'The event category term ID is missing or does not exist.':
    'L’ID de terme de la catégorie d’évènements est manquant ou n’existe pas.',
  'The current user cannot delete the event category with the specified term ID.':
    'L’utilisateur actuel ne peut pas supprimer la catégorie d’évènements ayant l’ID de terme indiqué.',
  'The event category with the specified term ID has been deleted already.':
    'La catégorie d’évènements ayant l’ID de terme indiqué a déjà été supprimée.',
  'The event category with the specified term ID could not be deleted.':
    'La catégorie d’évènements ayant l’ID de terme indiqué n’a pas pu être supprimée.',
  'Returns all the event tags matching the search criteria':
    'Renvoie toutes les étiquettes d’évènements correspondant aux critères de recherche',
  'No event tags match the query or the requested page was not found.':
    'Aucune étiquette d’évènement ne correspond à la requête ou la page demandée est introuvable.',
  'Returns the data of the event tag with the specified term ID':
    'Renvoie les données de l’étiquette d’évènement ayant l’ID de terme indiqué',
  'The event tag term ID is missing.': 'L’ID de terme de l’étiquette d’évènement est manquant.',
  'An event tag with the specified term ID does not exist.':
    'Aucune étiquette d’évènement n’existe avec l’ID de terme indiqué.',
  'Returns the data of the updated event tag': 'Renvoie les données de l’étiquette d’évènement mise à jour',
  'Returns the data of the created event tag': 'Renvoie les données de l’étiquette d’évènement créée',
  'The user is not authorized to create event tags':
    'L’utilisateur n’est pas autorisé à créer des étiquettes d’évènements',
  'Deletes an event tag and returns its data': 'Supprime une étiquette d’évènement et renvoie ses données',
  'The event tag term ID is missing or does not exist.':
    'L’ID de terme de l’étiquette d’évènement est manquant ou n’existe pas.',
  'The current user cannot delete the event tag with the specified term ID.':
    'L’utilisateur actuel ne peut pas supprimer l’étiquette d’évènement ayant l’ID de terme indiqué.',
  'The event tag with the specified term ID has been deleted already.':
    'L’étiquette d’évènement ayant l’ID de terme indiqué a déjà été supprimée.',
  'The event tag with the specified term ID could not be deleted.':
    'L’étiquette d’évènement ayant l’ID de terme indiqué n’a pas pu être supprimée.',

  // Route arguments (the ArgSpec descriptions)
  'The archive page to return': 'La page d’archive à renvoyer',
  'The number of events to return on each page': 'Le nombre d’évènements à renvoyer par page',
  'Events that start on the specified date': 'Évènements qui commencent à la date indiquée',
  'Events that end on the specified date': 'Évènements qui se terminent à la date indiquée',
  'Events that start before the specified date': 'Évènements qui commencent avant la date indiquée',
  'Events that start after the specified date': 'Évènements qui commencent après la date indiquée',
  'Events that end before the specified date': 'Évènements qui se terminent avant la date indiquée',
  'Events that end after the specified date': 'Évènements qui se terminent après la date indiquée',
  'Dates set using the start_date/end_date, starts_*/ends_* are set to start at the specified times. The default behavior is to include the entire days.':
    'Les dates définies avec start_date/end_date et starts_*/ends_* commencent aux heures indiquées. Par défaut, les journées entières sont incluses.',
  'Events should contain the specified string in the title or description':
    'Les évènements doivent contenir la chaîne indiquée dans le titre ou la description',
  'Events should be assigned one of the specified categories slugs or IDs':
    'Les évènements doivent être associés à l’une des catégories indiquées (slugs ou ID)',
  'Events should be assigned one of the specified tags slugs or IDs':
    'Les évènements doivent être associés à l’une des étiquettes indiquées (slugs ou ID)',
  'Events should be assigned one of the specified venue IDs':
    'Les évènements doivent être associés à l’un des lieux indiqués (ID)',
  'Events should be assigned one of the specified organizer IDs':
    'Les évènements doivent être associés à l’un des organisateurs indiqués (ID)',
  'Events should be filtered by their featured status':
    'Les évènements doivent être filtrés selon leur statut de mise en avant',
  'The event post status': 'L’état de publication de l’évènement',
  'Requires Events Calendar Pro. Events should be filtered by whether their venue has geolocation data':
    'Nécessite Events Calendar Pro. Les évènements doivent être filtrés selon que leur lieu possède ou non des données de géolocalisation',
  'Requires Events Calendar Pro. Events should be filtered by their venue latitude location, must also provide geoloc_lng':
    'Nécessite Events Calendar Pro. Les évènements doivent être filtrés selon la latitude de leur lieu ; geoloc_lng doit aussi être fourni',
  'Requires Events Calendar Pro. Events should be filtered by their venue longitude location, must also provide geoloc_lat':
    'Nécessite Events Calendar Pro. Les évènements doivent être filtrés selon la longitude de leur lieu ; geoloc_lat doit aussi être fourni',
  'Include events with one of the post IDs specified in the array of CSV list, date filters will be ignored.':
    'Inclure les évènements ayant l’un des ID de publication indiqués dans le tableau ou la liste CSV ; les filtres de date seront ignorés.',
  'Events should be filtered by their post_parent being the specified one.':
    'Les évènements doivent être filtrés selon leur post_parent, qui doit être celui indiqué.',
  'Filter events with or without tickets.': 'Filtrer les évènements avec ou sans billets.',
  'The event author ID': 'L’ID de l’auteur de l’évènement',
  'The event publication date': 'La date de publication de l’évènement',
  'The event publication date (UTC time zone)': 'La date de publication de l’évènement (fuseau horaire UTC)',
  'The event title': 'Le titre de l’évènement',
  'The event description': 'La description de l’évènement',
  'The event excerpt': 'L’extrait de l’évènement',
  'The event time zone': 'Le fuseau horaire de l’évènement',
  'Whether the event lasts the whole day or not': 'Indique si l’évènement dure toute la journée ou non',
  'The event start date and time': 'La date et l’heure de début de l’évènement',
  'The event end date and time': 'La date et l’heure de fin de l’évènement',
  'The event featured image ID or URL': 'L’ID ou l’URL de l’image mise en avant de l’évènement',
  'The event cost': 'Le coût de l’évènement',
  'Whether the event should show a map or not': 'Indique si l’évènement doit afficher une carte ou non',
  'Whether the event should show a map link or not':
    'Indique si l’évènement doit afficher un lien vers la carte ou non',
  'Whether events should be hidden in the calendar view or not':
    'Indique si les évènements doivent être masqués dans la vue calendrier ou non',
  'Whether the event should be sticky in the calendar view or not':
    'Indique si l’évènement doit être épinglé dans la vue calendrier ou non',
  'Whether the event should be featured on the site or not':
    'Indique si l’évènement doit être mis en avant sur le site ou non',
  'The event category ID or name': 'L’ID ou le nom de la catégorie de l’évènement',
  'The event tag ID or name': 'L’ID ou le nom de l’étiquette de l’évènement',
  'The event venue IDs or data': 'Les ID ou les données du lieu de l’évènement',
  'The event organizer IDs or data': 'Les ID ou les données des organisateurs de l’évènement',
  'the event post ID': 'l’ID de publication de l’évènement',
  'The event password': 'Le mot de passe de l’évènement',
  'the event post name': 'le nom de publication (slug) de l’évènement',
  'The number of venues to return on each page': 'Le nombre de lieux à renvoyer par page',
  'Venues should contain the specified string in the title, description or custom fields':
    'Les lieux doivent contenir la chaîne indiquée dans le titre, la description ou les champs personnalisés',
  'Venues should be related to this event': 'Les lieux doivent être liés à cet évènement',
  'Venues should have events associated to them': 'Les lieux doivent avoir des évènements associés',
  'Venues should have upcoming events associated to them': 'Les lieux doivent avoir des évènements à venir associés',
  'The organizer post status': 'L’état de publication de l’organisateur',
  'The venue author ID': 'L’ID de l’auteur du lieu',
  'The venue publication date': 'La date de publication du lieu',
  'The venue publication date (UTC time zone)': 'La date de publication du lieu (fuseau horaire UTC)',
  'The venue description': 'La description du lieu',
  'The venue post status': 'L’état de publication du lieu',
  'Whether events linked to the venue should show a map or not':
    'Indique si les évènements liés au lieu doivent afficher une carte ou non',
  'Whether events linked to the venue should show a map link or not':
    'Indique si les évènements liés au lieu doivent afficher un lien vers la carte ou non',
  'The venue state and province': 'L’État et la province du lieu',
  'The organizer featured image ID or URL': 'L’ID ou l’URL de l’image mise en avant de l’organisateur',
  'the venue post ID': 'l’ID de publication du lieu',
  'the venue post name': 'le nom de publication (slug) du lieu',
  'The number of organizers to return on each page': 'Le nombre d’organisateurs à renvoyer par page',
  'Organizers should contain the specified string in the title, description or custom fields':
    'Les organisateurs doivent contenir la chaîne indiquée dans le titre, la description ou les champs personnalisés',
  'Organizers should be related to this event': 'Les organisateurs doivent être liés à cet évènement',
  'Organizers should have events associated to them': 'Les organisateurs doivent avoir des évènements associés',
  'Organizers should have upcoming events associated to them':
    'Les organisateurs doivent avoir des évènements à venir associés',
  'The organizer author ID': 'L’ID de l’auteur de l’organisateur',
  'The organizer publication date': 'La date de publication de l’organisateur',
  'The organizer publication date (UTC time zone)': 'La date de publication de l’organisateur (fuseau horaire UTC)',
  'The organizer description': 'La description de l’organisateur',
  'The organizer e-mail address': 'L’adresse e-mail de l’organisateur',
  'the organizer post ID': 'l’ID de publication de l’organisateur',
  'the organizer post name': 'le nom de publication (slug) de l’organisateur',
  'The number of event categories to return on each page': 'Le nombre de catégories d’évènements à renvoyer par page',
  'Limit results to those matching a string': 'Limiter les résultats à ceux qui correspondent à une chaîne',
  'Ensure result set exclude specific IDs': 'Exclure des ID précis de l’ensemble des résultats',
  'Limit result set to specific IDs': 'Limiter l’ensemble des résultats à des ID précis',
  'Order sort attribute ascending or descending': 'Ordre de tri de l’attribut, croissant ou décroissant',
  'Sort collection by term attribute': 'Trier la collection selon un attribut du terme',
  'Whether to hide terms not assigned to any posts':
    'Indique s’il faut masquer les termes associés à aucune publication',
  'Limit result set to terms assigned to a specific parent':
    'Limiter l’ensemble des résultats aux termes rattachés à un parent précis',
  'Limit result set to terms assigned to a specific post':
    'Limiter l’ensemble des résultats aux termes associés à une publication précise',
  'Limit result set to terms assigned to a specific event (an alias of the "post" parameter)':
    'Limiter l’ensemble des résultats aux termes associés à un évènement précis (un alias du paramètre « post »)',
  'Limit result set to terms with a specific slug': 'Limiter l’ensemble des résultats aux termes ayant un slug précis',
  'The event category name': 'Le nom de la catégorie d’évènements',
  'The event category description': 'La description de la catégorie d’évènements',
  'The event category slug': 'Le slug de la catégorie d’évènements',
  'the event category term ID': 'l’ID de terme de la catégorie d’évènements',
  'The number of event tags to return on each page': 'Le nombre d’étiquettes d’évènements à renvoyer par page',
  'The event tag name': 'Le nom de l’étiquette d’évènement',
  'The event tag description': 'La description de l’étiquette d’évènement',
  'The event tag slug': 'Le slug de l’étiquette d’évènement',
  'the event tag term ID': 'l’ID de terme de l’étiquette d’évènement',
};
