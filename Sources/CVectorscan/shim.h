#include <hs.h>
