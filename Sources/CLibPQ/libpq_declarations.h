// The few libpq declarations ContractsLiveDatabase uses, as libpq-fe.h declares them (its ABI has been stable
// since PostgreSQL 8), so building needs no libpq headers and the binary does not link libpq: `LibPQ` loads the
// library with dlopen only when `check --database-url` runs, and looks these functions up by name.
#ifndef NAARS_LIBPQ_DECLARATIONS_H
#define NAARS_LIBPQ_DECLARATIONS_H

#include <stddef.h>

typedef struct pg_conn PGconn;
typedef struct pg_result PGresult;
typedef unsigned int Oid;

typedef struct _PQconninfoOption {
    char *keyword;
    char *envvar;
    char *compiled;
    char *val;
    char *label;
    char *dispchar;
    int dispsize;
} PQconninfoOption;

// The leading values of libpq's enums; only these are compared.
typedef enum { CONNECTION_OK, CONNECTION_BAD } ConnStatusType;
typedef enum { PGRES_EMPTY_QUERY = 0, PGRES_COMMAND_OK, PGRES_TUPLES_OK } ExecStatusType;

// The functions' types, one per function looked up.
typedef PQconninfoOption *(*PQconninfoParse_fn)(const char *conninfo, char **errmsg);
typedef void (*PQconninfoFree_fn)(PQconninfoOption *connOptions);
typedef void (*PQfreemem_fn)(void *ptr);
typedef PGconn *(*PQconnectdbParams_fn)(const char *const *keywords, const char *const *values, int expand_dbname);
typedef ConnStatusType (*PQstatus_fn)(const PGconn *conn);
typedef char *_Nonnull (*PQerrorMessage_fn)(const PGconn *conn);
typedef void (*PQfinish_fn)(PGconn *conn);
typedef PGresult *(*PQexecParams_fn)(PGconn *conn, const char *command, int nParams, const Oid *paramTypes,
                                     const char *const *paramValues, const int *paramLengths,
                                     const int *paramFormats, int resultFormat);
typedef void (*PQclear_fn)(PGresult *res);
typedef ExecStatusType (*PQresultStatus_fn)(const PGresult *res);
typedef char *_Nonnull (*PQresultErrorMessage_fn)(const PGresult *res);
typedef int (*PQntuples_fn)(const PGresult *res);
typedef int (*PQnfields_fn)(const PGresult *res);
typedef int (*PQgetisnull_fn)(const PGresult *res, int tup_num, int field_num);
typedef char *_Nonnull (*PQgetvalue_fn)(const PGresult *res, int tup_num, int field_num);
typedef char *(*PQescapeIdentifier_fn)(PGconn *conn, const char *str, size_t len);
// The asynchronous query functions: `check` waits on the socket itself, with a deadline, so a server that stops
// answering cannot hang it.
typedef int (*PQsendQueryParams_fn)(PGconn *conn, const char *command, int nParams, const Oid *paramTypes,
                                    const char *const *paramValues, const int *paramLengths,
                                    const int *paramFormats, int resultFormat);
typedef int (*PQsocket_fn)(const PGconn *conn);
typedef int (*PQconsumeInput_fn)(PGconn *conn);
typedef int (*PQisBusy_fn)(PGconn *conn);
typedef PGresult *(*PQgetResult_fn)(PGconn *conn);

#endif
