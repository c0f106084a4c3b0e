// SPDX-License-Identifier: Apache-2.0
#include "odbcerrors.h"

#include <QLibrary>
#include <QSqlDriver>
#include <QSqlQuery>
#include <QSqlResult>

using namespace Qt::StringLiterals;

namespace lockcore::odbcerrors {

namespace {

// ODBC's SQLGetDiagRec (ANSI), looked up at run time in the driver manager the QODBC driver
// itself loaded (unixODBC's libodbc.so.2), so lockcore neither links nor needs the headers of
// an ODBC library. Null when there is none (the error stays as QODBC made it).
using GetDiagRecFn = short (*)(short handleType, void *handle, short record,
                               unsigned char *sqlState, qint32 *nativeError,
                               unsigned char *message, short messageSize, short *messageLength);
constexpr short sqlHandleStmt = 3; // SQL_HANDLE_STMT
constexpr short sqlSuccess = 0;
constexpr short sqlSuccessWithInfo = 1; // (here: the message, not asked for, was cut)

GetDiagRecFn getDiagRec()
{
    static const GetDiagRecFn fn = [] {
        QLibrary odbc(u"odbc"_s, 2);
        return reinterpret_cast<GetDiagRecFn>(odbc.resolve("SQLGetDiagRec"));
    }();
    return fn;
}

// The statement handle (SQLHSTMT) of a query on a QODBC connection, else null.
void *statementHandle(const QSqlQuery &query)
{
    const QSqlDriver *driver = query.driver();
    if (!driver || !query.result()
        || qstrcmp(driver->metaObject()->className(), "QODBCDriver") != 0)
        return nullptr;
    const QVariant handle = query.result()->handle(); // QODBC: the SQLHANDLE, a void *
    if (handle.metaType() != QMetaType::fromType<void *>())
        return nullptr;
    return *static_cast<void *const *>(handle.constData());
}

} // namespace

QSqlError withSqlState(const QSqlError &error, const QSqlQuery &query)
{
    if (!error.isValid())
        return error;
    void *handle = statementHandle(query);
    const GetDiagRecFn fn = getDiagRec();
    if (!handle || !fn)
        return error;
    unsigned char state[6] = {};
    qint32 native = 0;
    short length = 0;
    const short r = fn(sqlHandleStmt, handle, 1, state, &native, nullptr, 0, &length);
    if ((r != sqlSuccess && r != sqlSuccessWithInfo) || state[0] == 0)
        return error;
    return QSqlError(error.driverText(), error.databaseText(), error.type(),
                     QString::fromLatin1(reinterpret_cast<const char *>(state), 5));
}

} // namespace lockcore::odbcerrors
