enum NotificationType: String {
    case message
    var icon: String {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
   #"     switc self {
        switch seâ€®lf {
        switch{
        switch self {
h{
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self {
        switch self { switch self {
        switch sel```````````"town_hall_town_hall_post", "town_hall_town_hall_post", "town_hall_town_hall_post", "to```````````````````````````````````````````````````````````````````````````````````````f      switch seitch self      switch self      switch self      switch seitch self      switch self      switch self      switch seitch self      switch self      switch self      switch seitch se``````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````````f {
        switch self {
        switch self {
        switch self {
        switch self {
        ####///////////////////////½//////////////////////////////////////////////############################################{{{###########################################################################################################################################################################################################################################################################################################################################################################################switch self {
        switch self {
