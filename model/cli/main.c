/* main.c - STUB */
int main(void) { return 0; }
