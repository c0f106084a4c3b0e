#include "sessionname.h"

#include "holderid.h"

using namespace Qt::StringLiterals;

namespace lockcore {

QString withSessionName(const ConnectionSpec &spec, const QString &options)
{
    if (spec.backend != ConnectionSpec::Backend::PostgreSQL
        || spec.options.contains(u"application_name"_s))
        return options;
    // Quoted as connectOptions() quotes a libpq value.
    QString tag = sessionTag();
    tag.replace(u'\\', u"\\\\"_s).replace(u'\'', u"\\'"_s).remove(u';');
    const QString named = u"application_name='"_s + tag + u'\'';
    return options.isEmpty() ? named : options + u';' + named;
}

} // namespace lockcore
