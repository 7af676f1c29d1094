#include <pg_query.h>
